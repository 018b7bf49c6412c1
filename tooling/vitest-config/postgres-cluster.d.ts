/** A throwaway PostgreSQL cluster on a loopback port: stop and start it again (same port, same data) to play a server that goes away. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  readonly url: string;
  /** Stop the server (fast shutdown: connections are ended), keeping its data. */
  stop(): void;
  /** Start it again after `stop`, on the same port. */
  start(): void;
  /** Stop it and remove its directory. */
  close(): void;
}

/**
 * Start a throwaway cluster: `pg_config --bindir`'s initdb on a temp directory (as the
 * `postgres` user when we are root), the server on a free loopback port with fsync off.
 * Throws, naming what to install, when PostgreSQL's server binaries are absent.
 */
export declare function startPostgresCluster(): Promise<PostgresCluster>;
