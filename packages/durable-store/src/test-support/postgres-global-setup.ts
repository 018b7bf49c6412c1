// The vitest globalSetup of this package: a throwaway PostgreSQL cluster for the postgres
// backend's tests, so `pnpm run check` needs no external service; the tests get its URL
// through `inject('postgresUrl')`, and it is stopped and removed after.
import { startPostgresCluster } from '@toolcell/vitest-config/postgres-cluster';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://postgres@127.0.0.1:<port>/postgres` of the throwaway cluster. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return cluster.close;
}
