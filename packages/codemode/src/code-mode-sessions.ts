import type { Scope } from '@toolcell/registry';
import { CodeModeSession } from './code-mode-session.js';

/**
 * Sessions kept for scopes with nothing live (no running cell, no unobserved result).
 * Past this many, the least recently used idle session is forgotten — one without stored
 * values first, else one with its stored values — so scopes that come and go (subagents)
 * do not pile up.
 */
export const KEPT_IDLE_SESSIONS = 64;

/** Which session a scope uses: by default its own (`scope.id`). */
export type SessionKey = (scope: Scope) => string;

/**
 * The code-mode sessions of one `CodeMode`, one per scope. Cells and stored values belong
 * to the session of the scope that started them; another scope can neither see nor touch
 * them unless the host's `sessionKey` maps both scopes to one session. Cell ids are unique
 * across sessions, so a forged id names nothing in the wrong session.
 */
export class CodeModeSessions {
  /** Most recently used last. */
  private readonly sessions = new Map<string, CodeModeSession>();
  private nextId = 1;
  private shuttingDown = false;

  constructor(
    private readonly sessionKey: SessionKey,
    private readonly maxLiveCells: number,
    /** Unique across processes (durable cells outlive this one): random ids instead of a count. */
    private readonly randomIds = false,
  ) {}

  /** Whether shutdown has begun; no new cells start after it. */
  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** The session of `scope`, created on first use. */
  of(scope: Scope): CodeModeSession {
    const key = this.sessionKey(scope);
    const existing = this.sessions.get(key);
    if (existing) {
      this.sessions.delete(key);
      this.sessions.set(key, existing);
      return existing;
    }
    const session = new CodeModeSession(key, this.maxLiveCells);
    this.sessions.set(key, session);
    this.forgetIdle();
    return session;
  }

  /** The session of `scope` if it exists (never creates one). */
  find(scope: Scope): CodeModeSession | undefined {
    return this.sessions.get(this.sessionKey(scope));
  }

  /** Reserve the next cell id (unique in this `CodeMode`; with random ids, in every process that shares its store). */
  nextCellId(): string {
    if (this.randomIds) return globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 12);
    return String(this.nextId++);
  }

  /** Terminate the cells of `scope`'s session and forget it with its stored values. */
  async end(scope: Scope): Promise<void> {
    const key = this.sessionKey(scope);
    const session = this.sessions.get(key);
    if (!session) return;
    this.sessions.delete(key);
    await session.terminateAll();
  }

  /** Terminate every cell of every session and refuse new ones. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    await Promise.all([...this.sessions.values()].map((session) => session.terminateAll()));
  }

  /** Forget idle sessions past the bound: first those without stored values, least recently used first. */
  private forgetIdle(): void {
    let idle = 0;
    for (const session of this.sessions.values()) if (session.isIdle) idle += 1;
    for (const keepValues of [true, false]) {
      for (const [key, session] of this.sessions) {
        if (idle <= KEPT_IDLE_SESSIONS) return;
        if (!session.isIdle || (keepValues && session.values.bytes > 0)) continue;
        this.sessions.delete(key);
        idle -= 1;
      }
    }
  }
}
