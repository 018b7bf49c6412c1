import type { JsonValue } from '@toolcell/core';
import { errorMessage } from '@toolcell/core';
import type { OutputItem, ProgramError } from '@toolcell/sandbox';
import type { CellApprovalRequest, CellEventBase, CellSummary, CellUpdateEvent, CellUpdateReason } from './code-mode-events.js';
import { CellBusyError } from './cell-busy-error.js';
import type { DurableApprovalView } from './durable/durable-cell-report.js';
import type { ExecOutputItem, ExecReport, ExecStatus } from './exec-report.js';
import { ObservationCancelledError } from './observation-cancelled-error.js';
import type { CellValues } from './stored-values.js';

/**
 * How an observation waits. It returns when the program yields (`yield_control()`), ends,
 * or `yieldAfterMs` passes (and, for `wait`, when a nested call needs an approval); output
 * produced meanwhile waits for that answer, so a program whose last output and end come
 * together is answered once, with its end.
 */
export interface ObserveOptions {
  /** Return a `running` report after this long (`undefined`: only at the end). */
  readonly yieldAfterMs?: number;
  /**
   * `wait`: also return when a nested call starts waiting for the host's approval, with a
   * note naming it. `exec` leaves it off: the approval decides before its first answer.
   */
  readonly wakeOnApproval?: boolean;
  /** Aborting stops observing at once, without taking anything (the next observation gets it). */
  readonly signal?: AbortSignal;
}

interface Observer {
  resolve(report: ExecReport): void;
  reject(error: Error): void;
  readonly wakeOnApproval: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
  detach: (() => void) | undefined;
}

/**
 * Ended without running to completion or an own throw: limits, a crash, a kill, a durable
 * store that failed. Such a cell commits no stored values (issue 13).
 */
const NO_COMMIT_CODES: ReadonlySet<string> = new Set([
  'EXEC_CPU_BUDGET',
  'EXEC_MEMORY',
  'EXEC_STACK',
  'EXEC_OUTPUT_LIMIT',
  'EXEC_SOURCE_LIMIT',
  'EXEC_SYNTAX',
  'EXEC_CRASHED',
  'EXEC_CANCELLED',
  // The durable store could not keep or give the cell: whether it ran to its end is unknown here.
  'EXECUTION_FAILED',
]);

/** A program's cost, reported with `cell-end` (for tracing). */
export interface CellEndStats {
  /** Since the cell started, nested calls included. */
  readonly wallMs: number;
  /** Guest CPU time, as counted against the CPU budget. */
  readonly cpuMs: number;
}

/** How a cell's program run ended: like the sandbox's result, or suspended into a durable store. */
export interface CellProgramResult {
  readonly status: 'completed' | 'failed' | 'suspended';
  readonly returnValue?: JsonValue;
  /** The sandbox's error, or `EXECUTION_FAILED` when a durable store could not keep or give the cell. */
  readonly error?: ProgramError | { readonly code: 'EXECUTION_FAILED'; readonly message: string };
  /** Guest CPU time, as counted against the CPU budget. */
  readonly cpuMs: number;
  /** With `suspended`: every approval the cell waits for. */
  readonly pendingApprovals?: readonly DurableApprovalView[];
}

/** A cell's program: run it (in the sandbox, durably or not) with the cell's signal and output hook. */
export type CellProgram = (hooks: { readonly signal: AbortSignal; readonly onOutput: (item: OutputItem) => void }) => Promise<CellProgramResult>;

/** What a cell needs to run its program. */
export interface CellRun {
  readonly id: string;
  /** Who started the cell, for events. */
  readonly info: CellEventBase;
  readonly program: CellProgram;
  /** The cell's stored-value write set, when cells are on. */
  readonly values: CellValues | undefined;
  /** After the write set joined the session: keep it where the session's values live (a durable store); a rejection becomes a note. */
  readonly persistValues?: () => Promise<void>;
  /** Cancels the program's nested calls; awaited before the cell reports its end. */
  readonly settleNestedCalls: () => Promise<void>;
  readonly onEnd: (cell: Cell, status: Exclude<ExecStatus, 'running'>, code: string | undefined, stats: CellEndStats) => void;
  /** News while nobody observes the cell. */
  readonly onUpdate: (event: CellUpdateEvent) => void;
  /** What a suspended cell printed that nobody observed yet: delivered with the resumed cell's first observation. */
  readonly carried?: { readonly output: readonly OutputItem[]; readonly notes: readonly string[] };
}

/**
 * One running program and its observations. Output accumulates as the program produces
 * it; each observation (the `exec` that started it, later `wait`s, the host's
 * `takeCellReport`) receives only what was produced since the previous one. One observer
 * at a time. While nobody observes, changes become `cell-update` events (one per tick).
 */
export class Cell {
  readonly id: string;
  /** Who started the cell, for events. */
  readonly info: CellEventBase;
  readonly startedAt = performance.now();
  private readonly controller = new AbortController();
  private readonly items: ExecOutputItem[] = [];
  /** Context for the model not yet delivered; each observation takes what is new. */
  private readonly notes: string[] = [];
  /** The model's cursor: items up to here were delivered. */
  private observedUpTo = 0;
  /** The host's cursor: items up to here were carried by an event or an observation. */
  private announcedUpTo = 0;
  private readonly reasons = new Set<CellUpdateReason>();
  private readonly notifications: JsonValue[] = [];
  private readonly approvals = new Map<string, CellApprovalRequest>();
  private flushQueued = false;
  private lastTextLine: string | undefined;
  private observer: Observer | undefined;
  private final: ExecReport | undefined;
  /**
   * The sandbox reported the program's end; its final report follows once nested calls
   * settled. From then on nothing answers `running`: the observer waits for the end.
   */
  private programEnded = false;
  private terminatedByRequest = false;
  /** Settles with the program's end, after nested calls settled and values committed. */
  readonly finished: Promise<void>;

  constructor(private readonly run: CellRun) {
    this.id = run.id;
    this.info = run.info;
    this.items.push(...(run.carried?.output ?? []));
    this.notes.push(...(run.carried?.notes ?? []));
    this.finished = this.start();
  }

  /** Whether nobody is waiting on the cell (its agent turn may have ended). */
  get unobserved(): boolean {
    return this.observer === undefined;
  }

  /** With a durable store, once the cell was suspended: every approval it waits for. */
  get pendingApprovals(): readonly DurableApprovalView[] {
    return this.final?.pendingApprovals ?? [];
  }

  /** Whether the program has ended (its final report may still be undelivered). */
  get ended(): boolean {
    return this.final !== undefined;
  }

  /** The cell as listed to the host and the model. */
  summary(): CellSummary {
    return {
      cellId: this.id,
      state: this.final?.status === 'awaiting_approval' ? 'suspended' : this.final ? 'ended' : 'running',
      ageMs: Math.round(performance.now() - this.startedAt),
      ...(this.final?.pendingApprovals === undefined ? {} : { pendingApprovals: this.final.pendingApprovals.length }),
      ...(this.lastTextLine === undefined ? {} : { lastOutputLine: this.lastTextLine }),
    };
  }

  /** Keep context for the model (from nested calls' hooks) for the next observation. */
  addNotes(notes: readonly string[]): void {
    this.notes.push(...notes);
  }

  /** The program called `notify(value)`. */
  notify(value: JsonValue): void {
    this.notifications.push(value);
    this.changed('notify');
  }

  /** A nested call of this cell waits for approval. */
  approvalRequested(request: CellApprovalRequest): void {
    if (this.programEnded) return;
    this.approvals.set(request.callId, request);
    this.changed('approval');
  }

  /** A nested call ended (approved, refused or cancelled): it no longer waits. */
  callEnded(callId: string): void {
    this.approvals.delete(callId);
  }

  /** Append one output item (the sandbox streams them). */
  private record(item: ExecOutputItem): void {
    this.items.push(item);
    if (item.type === 'text') {
      const lines = item.text.split('\n');
      const last = lines.findLast((line) => line.trim() !== '');
      if (last !== undefined) this.lastTextLine = last.length > 200 ? `${last.slice(0, 199)}…` : last;
    }
    this.changed('output');
  }

  private async start(): Promise<void> {
    const { program, values, settleNestedCalls } = this.run;
    let result: CellProgramResult;
    try {
      result = await program({ signal: this.controller.signal, onOutput: (item) => this.record(item) });
    } catch (error) {
      const message = errorMessage(error);
      result = { status: 'failed', error: { code: 'EXEC_CRASHED', message: `The sandbox could not run the program: ${message}` }, cpuMs: 0 };
    }
    this.programEnded = true;
    await settleNestedCalls();
    const terminated = this.terminatedByRequest;
    const suspended = result.status === 'suspended' && !terminated;
    // Stored values commit only when the program ran to its end or threw on its own —
    // never on a limit, a crash, a kill, or a terminate (nor while it is suspended).
    const code = result.error?.code;
    if (!terminated && !suspended && (code === undefined || !NO_COMMIT_CODES.has(code)) && values) {
      values.commit();
      await this.persist();
    }
    const status = terminated ? 'terminated' : suspended ? 'awaiting_approval' : result.status === 'suspended' ? 'failed' : result.status;
    this.final = {
      status,
      cellId: this.id,
      wallMs: performance.now() - this.startedAt,
      output: [],
      ...(result.returnValue === undefined ? {} : { returnValue: result.returnValue }),
      ...(result.error && !terminated ? { error: result.error } : {}),
      ...(suspended ? { pendingApprovals: result.pendingApprovals ?? [] } : {}),
    };
    this.approvals.clear();
    this.run.onEnd(this, status, terminated ? undefined : code, { wallMs: this.final.wallMs, cpuMs: result.cpuMs });
    if (this.observer) this.deliver(this.final);
    else this.changed(suspended ? 'approval' : 'end');
  }

  /** Keep the committed values where the session's values live; a failure is told to the model. */
  private async persist(): Promise<void> {
    try {
      await this.run.persistValues?.();
    } catch (error) {
      this.notes.push(`The values this cell stored are kept in this process only: the durable store did not take them (${errorMessage(error)}).`);
    }
  }

  /**
   * Observe the cell: resolves with the final report if the program ends, or with a
   * `running` report (see {@link ObserveOptions}). Throws {@link CellBusyError} if another
   * observation is in progress; rejects with {@link ObservationCancelledError} when its
   * signal aborts, leaving everything for the next observation.
   */
  observe(options: ObserveOptions = {}): Promise<ExecReport> {
    if (this.observer) throw new CellBusyError(`cell ${this.id} is already being observed by another call; wait for that call to return first.`);
    return new Promise<ExecReport>((resolve, reject) => {
      const observer: Observer = { resolve, reject, wakeOnApproval: options.wakeOnApproval === true, timer: undefined, detach: undefined };
      this.observer = observer;
      if (this.final) {
        this.deliver(this.final);
        return;
      }
      const { signal } = options;
      if (signal) {
        if (signal.aborted) {
          this.cancel(observer);
          return;
        }
        const onAbort = () => this.cancel(observer);
        signal.addEventListener('abort', onAbort, { once: true });
        observer.detach = () => signal.removeEventListener('abort', onAbort);
      }
      if (options.yieldAfterMs !== undefined) observer.timer = setTimeout(() => this.yieldNow(), options.yieldAfterMs);
    });
  }

  /**
   * Take everything since the last observation now, without waiting (the host's
   * `takeCellReport`). `undefined` while another observation is in progress.
   */
  take(): ExecReport | undefined {
    if (this.observer) return undefined;
    return this.collect(this.final ?? this.running());
  }

  /** `yield_control()` or the yield time: hand the current observer what is new (maybe nothing), keep running. */
  yieldNow(): void {
    // An ended program is answered with its end, never as `running`.
    if (this.programEnded) return;
    this.deliver(this.running());
  }

  /** End the program; resolves once it has stopped and its nested calls settled. */
  async terminate(): Promise<void> {
    if (!this.final) {
      this.terminatedByRequest = true;
      this.controller.abort(new Error('terminated'));
    }
    await this.finished;
  }

  private running(): ExecReport {
    return { status: 'running', cellId: this.id, wallMs: performance.now() - this.startedAt, output: [] };
  }

  private changed(reason: CellUpdateReason): void {
    this.reasons.add(reason);
    if (this.flushQueued) return;
    this.flushQueued = true;
    // One event (or one wake-up) per tick: a burst of `text()` calls is one change.
    queueMicrotask(() => this.flush());
  }

  private flush(): void {
    this.flushQueued = false;
    const observer = this.observer;
    if (observer) {
      if (observer.wakeOnApproval && this.reasons.has('approval') && this.approvals.size > 0 && !this.programEnded) this.wakeForApproval();
      this.reasons.clear();
      this.notifications.length = 0;
      return;
    }
    const output = this.items.slice(Math.max(this.announcedUpTo, this.observedUpTo));
    this.announcedUpTo = this.items.length;
    const reasons = [...this.reasons].filter((reason) => reason !== 'output' || output.length > 0);
    this.reasons.clear();
    if (reasons.length === 0) return;
    const code = this.final?.error?.code;
    const pendingApprovals = this.final?.pendingApprovals;
    this.run.onUpdate({
      ...this.info,
      reasons,
      status: this.final?.status ?? 'running',
      output,
      notifications: this.notifications.splice(0),
      approvals: [...this.approvals.values()],
      ...(code === undefined ? {} : { code }),
      ...(pendingApprovals === undefined ? {} : { pendingApprovals }),
    });
  }

  /** A nested call waits for approval: answer a blocking `wait`, saying which calls wait. */
  private wakeForApproval(): void {
    for (const request of this.approvals.values()) this.notes.push(`The call ${request.callId} of "${request.toolName}" is waiting for the host's approval.`);
    this.deliver(this.running());
  }

  private cancel(observer: Observer): void {
    if (this.observer !== observer) return;
    this.release(observer);
    observer.reject(new ObservationCancelledError(`the observation of cell ${this.id} was cancelled; its output is kept for the next one.`));
  }

  private release(observer: Observer): void {
    this.observer = undefined;
    if (observer.timer !== undefined) clearTimeout(observer.timer);
    observer.detach?.();
  }

  private collect(report: ExecReport): ExecReport {
    const output = this.items.slice(this.observedUpTo);
    this.observedUpTo = this.items.length;
    this.announcedUpTo = Math.max(this.announcedUpTo, this.observedUpTo);
    const notes = this.notes.splice(0);
    return { ...report, output, wallMs: performance.now() - this.startedAt, ...(notes.length > 0 ? { notes } : {}) };
  }

  private deliver(report: ExecReport): void {
    const observer = this.observer;
    if (!observer) return;
    this.release(observer);
    observer.resolve(this.collect(report));
  }
}
