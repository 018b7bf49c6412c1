import type { CellSummary, CellUpdateEvent, CellUpdateReason, CodeMode, ExecStatus } from '@toolcell/codemode';
import { wireText } from '@toolcell/core';

/** What push completion tells the model about one cell, in one message. */
export interface CellNews {
  readonly cellId: string;
  /** `running` for a cell that called `notify`; its final status once it ended. */
  readonly status: ExecStatus;
  /** What changed since the model's last look, as the cell events said. */
  readonly reasons: readonly CellUpdateReason[];
  /** The message for the model: the cell's report, rendered like a `wait` answer. */
  readonly message: string;
}

/**
 * Watches one scope's yielded cells for the agent loop's push completion. Only news the
 * model would act on wakes the loop: a cell that ended, called `notify`, or was suspended
 * into the durable store to wait for approvals. Progress output
 * alone does not (the model would be re-sampled for every line); it arrives with that news.
 * Approvals are the approval policy's business (a person at the terminal), not the model's.
 */
export class CellWatcher {
  private readonly news = new Map<string, Set<CellUpdateReason>>();
  private wake: (() => void) | undefined;

  constructor(
    private readonly codeMode: CodeMode,
    private readonly scopeId: string,
  ) {
    codeMode.events.on('cell-update', (event) => this.record(event));
  }

  /**
   * The scope's live cells: running, or ended and not yet reported to the model. A cell
   * suspended into a durable store is not live: nothing in this process moves it on until
   * its approvals are decided (elsewhere) and it is resumed.
   */
  liveCells(): CellSummary[] {
    return this.codeMode.listCells(this.scopeId).filter((cell) => cell.state !== 'suspended');
  }

  /**
   * Resolves once a cell has news for the model — at once when one has already, or when no
   * cell is left to wait for. No timer: only a cell event ends the wait.
   */
  nextNews(signal?: AbortSignal): Promise<void> {
    if (this.hasNews()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.wake = undefined;
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
    });
  }

  /** Take the news of every cell that has some; the model's next `wait` does not repeat it. */
  async takeNews(): Promise<CellNews[]> {
    const ended = this.liveCells().filter((cell) => cell.state === 'ended').map((cell) => cell.cellId);
    const cellIds = [...new Set([...this.news.keys(), ...ended])];
    const taken: CellNews[] = [];
    for (const cellId of cellIds) {
      const reasons = [...(this.news.get(cellId) ?? ['end' as const])];
      this.news.delete(cellId);
      const delivery = await this.codeMode.takeCellReport({ scopeId: this.scopeId, cellId });
      if (!delivery) continue; // a `wait` in progress delivers it, or it was already reported
      const message = `News from exec cell ${cellId} (sent by the host; you need not call wait for it):\n${wireText(delivery.output.wire)}`;
      taken.push({ cellId, status: delivery.report.status, reasons, message });
    }
    return taken;
  }

  private hasNews(): boolean {
    const live = this.liveCells();
    return this.news.size > 0 || live.length === 0 || live.some((cell) => cell.state === 'ended');
  }

  private record(event: CellUpdateEvent): void {
    if (event.scopeId !== this.scopeId) return;
    // A cell suspended into the durable store is news too: nothing here moves it on, and
    // the model is told what it waits for (the loop would otherwise wait for it forever).
    const suspended = event.status === 'awaiting_approval';
    const wakes = event.reasons.filter((reason) => reason === 'end' || reason === 'notify');
    if (wakes.length === 0 && !suspended) return;
    const reasons = this.news.get(event.cellId) ?? new Set<CellUpdateReason>();
    for (const reason of event.reasons) reasons.add(reason);
    this.news.set(event.cellId, reasons);
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
