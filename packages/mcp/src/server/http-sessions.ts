import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** One Streamable HTTP session: its transport, and when it was last used. */
interface HttpSession {
  readonly transport: StreamableHTTPServerTransport;
  /** Requests in progress and streams open (a session with one open is never idle). */
  open: number;
  lastActive: number;
}

/** Options of {@link HttpSessions}. */
export interface HttpSessionsOptions {
  readonly maxSessions: number;
  readonly idleMs: number;
  readonly now: () => number;
}

/**
 * The sessions of one Streamable HTTP endpoint, bounded: a session with nothing open for
 * `idleMs` is closed, and a new session beyond `maxSessions` takes the place of the least
 * recently used idle one (none idle: it is refused). Closing a session's transport closes
 * its MCP server and drops its scope, so an abandoned session (an SDK client's `close()`
 * sends no DELETE) is not kept until shutdown.
 */
export class HttpSessions {
  /** Least recently used first. */
  private readonly sessions = new Map<string, HttpSession>();

  constructor(private readonly options: HttpSessionsOptions) {}

  get size(): number {
    return this.sessions.size;
  }

  /** The session's transport, marked used; `undefined` for an unknown (or closed) session. */
  get(id: string): StreamableHTTPServerTransport | undefined {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    this.sessions.delete(id);
    this.sessions.set(id, session);
    session.lastActive = this.options.now();
    return session.transport;
  }

  /** Count a request or stream as open on the session until `done` is called. */
  hold(id: string): () => void {
    const session = this.sessions.get(id);
    if (!session) return () => undefined;
    session.open += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      session.open -= 1;
      session.lastActive = this.options.now();
    };
  }

  add(id: string, transport: StreamableHTTPServerTransport): void {
    this.sessions.set(id, { transport, open: 0, lastActive: this.options.now() });
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  /**
   * Close the sessions idle for `idleMs`, then make room for one more: whether a new
   * session may start now.
   */
  makeRoom(): boolean {
    this.expire();
    if (this.sessions.size < this.options.maxSessions) return true;
    for (const [id, session] of this.sessions) {
      if (session.open > 0) continue;
      this.close(id, session);
      return true;
    }
    return false;
  }

  /** Close the sessions with nothing open for `idleMs`. */
  expire(): void {
    const now = this.options.now();
    for (const [id, session] of this.sessions) {
      if (session.open === 0 && now - session.lastActive >= this.options.idleMs) this.close(id, session);
    }
  }

  /** Close every session. */
  async closeAll(): Promise<void> {
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((session) => session.transport.close()));
  }

  private close(id: string, session: HttpSession): void {
    this.sessions.delete(id);
    void session.transport.close().catch(() => undefined);
  }
}
