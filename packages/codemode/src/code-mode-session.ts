import type { Cell } from './cell.js';
import type { CellSummary } from './code-mode-events.js';
import { SessionValues } from './stored-values.js';

/** How a closed cell ended, remembered so a late `wait` gets a precise answer. */
export type ClosedCell = 'completed' | 'terminated';

/**
 * Closed cells remembered per session (for the "already terminated" answer). Older ones
 * are forgotten and answer `missing`, like a cell that never existed.
 */
export const REMEMBERED_CLOSED_CELLS = 256;

/**
 * Ended cells whose final report nobody has observed yet, kept per session. They hold no
 * live-cell slot; past this many, the oldest unobserved result is dropped (its cell then
 * answers `missing`), so a host that never observes cannot grow memory without bound.
 */
export const KEPT_UNOBSERVED_RESULTS = 64;

/**
 * One scope's code-mode session: its cells (by id) and the stored values they share.
 * A scope never reaches another scope's session (see {@link CodeModeSessions}).
 */
export class CodeModeSession {
  readonly values = new SessionValues();
  private readonly live = new Map<string, Cell>();
  /** Insertion-ordered, so the oldest is forgotten first. */
  private readonly closed = new Map<string, ClosedCell>();
  /** Ended cells with an undelivered final report, oldest first. */
  private readonly ended = new Set<string>();

  constructor(
    readonly key: string,
    readonly maxLiveCells: number,
  ) {}

  /** Cells whose program is still running (an ended, unobserved cell holds no slot). */
  get runningCount(): number {
    return this.live.size - this.ended.size;
  }

  /** Whether the session holds nothing a scope could come back for. */
  get isIdle(): boolean {
    return this.live.size === 0;
  }

  add(cell: Cell): void {
    this.live.set(cell.id, cell);
  }

  get(cellId: string): Cell | undefined {
    return this.live.get(cellId);
  }

  /** How a cell that is no longer live ended, if the session still remembers it. */
  closedAs(cellId: string): ClosedCell | undefined {
    return this.closed.get(cellId);
  }

  /** The program of a live cell ended; its final report waits for an observer. */
  markEnded(cell: Cell): void {
    if (!this.live.has(cell.id)) return;
    this.ended.add(cell.id);
    for (const cellId of this.ended) {
      if (this.ended.size <= KEPT_UNOBSERVED_RESULTS) break;
      const oldest = this.live.get(cellId);
      if (oldest && !oldest.unobserved) continue;
      this.close(cellId, 'completed');
    }
  }

  /** Forget a cell whose final report has been delivered (or dropped). */
  close(cellId: string, how: ClosedCell): void {
    this.live.delete(cellId);
    this.ended.delete(cellId);
    this.closed.delete(cellId);
    this.closed.set(cellId, how);
    for (const oldest of this.closed.keys()) {
      if (this.closed.size <= REMEMBERED_CLOSED_CELLS) break;
      this.closed.delete(oldest);
    }
  }

  /** Live cells, oldest first, as listed to the host and the model. */
  list(): CellSummary[] {
    return [...this.live.values()].map((cell) => cell.summary());
  }

  /** Terminate every cell (CPU-bound ones included). */
  async terminateAll(): Promise<void> {
    const cells = [...this.live.values()];
    await Promise.all(cells.map((cell) => cell.terminate()));
    for (const cell of cells) this.close(cell.id, 'terminated');
  }
}
