import type { Cell } from './cell.js';
import { SessionValues } from './stored-values.js';

/** How a closed cell ended, remembered so a late `wait` gets a precise answer. */
export type ClosedCell = 'completed' | 'terminated';

/**
 * One code-mode session per agent session: its cells (by id, unique in the session), the
 * stored values they share, and shutdown.
 */
export class CodeModeSession {
  readonly values: SessionValues;
  private readonly live = new Map<string, Cell>();
  private readonly closed = new Map<string, ClosedCell>();
  private nextId = 1;
  private shuttingDown = false;

  constructor(readonly maxLiveCells: number) {
    this.values = new SessionValues();
  }

  /** Whether shutdown has begun; no new cells start after it. */
  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** Cells alive now (running, or ended with a report nobody has received yet). */
  get liveCount(): number {
    return this.live.size;
  }

  /** Reserve the next cell id. */
  nextCellId(): string {
    return String(this.nextId++);
  }

  add(cell: Cell): void {
    this.live.set(cell.id, cell);
  }

  get(cellId: string): Cell | undefined {
    return this.live.get(cellId);
  }

  /** How a cell that is no longer live ended, if it ever existed. */
  closedAs(cellId: string): ClosedCell | undefined {
    return this.closed.get(cellId);
  }

  /** Forget a cell whose final report has been delivered. */
  close(cellId: string, how: ClosedCell): void {
    this.live.delete(cellId);
    this.closed.set(cellId, how);
  }

  /** Terminate every cell (CPU-bound ones included) and refuse new ones. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    const cells = [...this.live.values()];
    await Promise.all(cells.map((cell) => cell.terminate()));
    for (const cell of cells) this.close(cell.id, 'terminated');
  }
}
