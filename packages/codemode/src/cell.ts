import type { ProgramResult, RunProgramRequest, SandboxTransport } from '@toolcell/sandbox';
import type { CellEventBase } from './code-mode-events.js';
import type { ExecOutputItem, ExecReport } from './exec-report.js';
import type { CellValues } from './stored-values.js';

/** Why an observation of a cell was refused. */
export class CellBusyError extends Error {
  override readonly name = 'CellBusyError';
}

interface Observer {
  resolve(report: ExecReport): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** What a cell needs to run its program. */
export interface CellRun {
  readonly id: string;
  /** Who started the cell, for events. */
  readonly info: CellEventBase;
  readonly transport: SandboxTransport;
  /** The sandbox request without signal and output hooks (the cell owns those). */
  readonly request: Omit<RunProgramRequest, 'signal' | 'onOutput'>;
  /** The cell's stored-value write set, when cells are on. */
  readonly values: CellValues | undefined;
  /** Cancels the program's nested calls; awaited before the cell reports its end. */
  readonly settleNestedCalls: () => Promise<void>;
  readonly onEnd: (cell: Cell, status: 'completed' | 'failed' | 'terminated', code: string | undefined) => void;
}

/**
 * One running program and its observations. Output accumulates as the program produces
 * it; each observation (the `exec` that started it, later `wait`s) receives only what was
 * produced since the previous one. One observer at a time.
 */
export class Cell {
  readonly id: string;
  /** Who started the cell, for events. */
  readonly info: CellEventBase;
  readonly startedAt = performance.now();
  private readonly controller = new AbortController();
  private readonly items: ExecOutputItem[] = [];
  /** Hook context for the model not yet delivered; each observation takes what is new. */
  private readonly notes: string[] = [];
  private observedUpTo = 0;
  private observer: Observer | undefined;
  private final: ExecReport | undefined;
  private terminatedByRequest = false;
  /** Settles with the program's end, after nested calls settled and values committed. */
  readonly finished: Promise<void>;

  constructor(private readonly run: CellRun) {
    this.id = run.id;
    this.info = run.info;
    this.finished = this.start();
  }

  /** Whether nobody is waiting on the cell (its agent turn may have ended). */
  get unobserved(): boolean {
    return this.observer === undefined;
  }

  /** Whether the program has ended (its final report may still be undelivered). */
  get ended(): boolean {
    return this.final !== undefined;
  }

  /** Keep context for the model (from nested calls' hooks) for the next observation. */
  addNotes(notes: readonly string[]): void {
    this.notes.push(...notes);
  }

  /** Append one output item (the sandbox streams them). */
  private record(item: ExecOutputItem): void {
    this.items.push(item);
  }

  private async start(): Promise<void> {
    const { transport, request, values, settleNestedCalls } = this.run;
    let result: ProgramResult;
    try {
      result = await transport.run({ ...request, signal: this.controller.signal, onOutput: (item) => this.record(item) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      result = { status: 'failed', output: [], error: { code: 'EXEC_CRASHED', message: `The sandbox could not run the program: ${message}` }, stats: { wallMs: 0, cpuMs: 0, toolCalls: 0 } };
    }
    await settleNestedCalls();
    const terminated = this.terminatedByRequest;
    // A cell commits its stored values when its program ends on its own — also with a
    // thrown error — but not when it was terminated or the session shut it down.
    if (!terminated && result.error?.code !== 'EXEC_CANCELLED') values?.commit();
    const status = terminated ? 'terminated' : result.status;
    this.final = {
      status,
      cellId: this.id,
      wallMs: performance.now() - this.startedAt,
      output: [],
      ...(result.returnValue === undefined ? {} : { returnValue: result.returnValue }),
      ...(result.error && !terminated ? { error: result.error } : {}),
    };
    this.run.onEnd(this, status, terminated ? undefined : result.error?.code);
    if (this.observer) this.deliver(this.final);
  }

  /**
   * Observe the cell: resolves with the final report if the program ends, or with a
   * `running` report after `yieldAfterMs` or at the program's next `yield_control()`.
   * Throws {@link CellBusyError} if another observation is in progress.
   */
  observe(yieldAfterMs: number | undefined): Promise<ExecReport> {
    if (this.observer) throw new CellBusyError(`cell ${this.id} is already being observed by another call; wait for that call to return first.`);
    return new Promise<ExecReport>((resolve) => {
      const observer: Observer = { resolve, timer: undefined };
      this.observer = observer;
      if (this.final) {
        this.deliver(this.final);
        return;
      }
      if (yieldAfterMs !== undefined) observer.timer = setTimeout(() => this.yieldNow(), yieldAfterMs);
    });
  }

  /** `yield_control()` or a yield timer: hand the current observer what is new, keep running. */
  yieldNow(): void {
    if (!this.observer || this.final) return;
    this.deliver({ status: 'running', cellId: this.id, wallMs: performance.now() - this.startedAt, output: [] });
  }

  /** End the program; resolves once it has stopped and its nested calls settled. */
  async terminate(): Promise<void> {
    if (!this.final) {
      this.terminatedByRequest = true;
      this.controller.abort(new Error('terminated'));
    }
    await this.finished;
  }

  private deliver(report: ExecReport): void {
    const observer = this.observer;
    if (!observer) return;
    this.observer = undefined;
    if (observer.timer !== undefined) clearTimeout(observer.timer);
    const output = this.items.slice(this.observedUpTo);
    this.observedUpTo = this.items.length;
    const notes = this.notes.splice(0);
    observer.resolve({ ...report, output, wallMs: performance.now() - this.startedAt, ...(notes.length > 0 ? { notes } : {}) });
  }
}
