import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import type { ProgramError } from '../contract/program-result.js';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from '../shared/json-depth.js';
import { leavesModuleSound } from '../shared/leaves-module-sound.js';
import { PausableDeadline } from '../shared/pausable-deadline.js';
import { programErrors } from '../shared/program-errors.js';
import { wrapProgram } from '../shared/program-source.js';
import { fitsUtf8, utf8Length } from '../shared/utf8-length.js';
import { CpuClock } from './cpu-clock.js';
import type { DurableEngineOutcome, EngineSink, RunCapture, RunDurability, SuspendedRun } from './engine-sink.js';
import { ExceptionClassifier } from './exception-classifier.js';
import type { GuestFailurePhase } from './exception-classifier.js';
import { createGuestHandlers } from './guest-handlers.js';
import { InterruptCadence } from './interrupt-cadence.js';
import type { GuestRealm } from './guest-realm.js';
import { GuestTimers } from './guest-timers.js';
import { captureLiveMemory } from './live-memory.js';
import { OutputBudget } from '../shared/output-budget.js';
import { ToolCallLedger } from './tool-call-ledger.js';
import { TurnScheduler } from './turn-scheduler.js';
import type { PendingDelivery } from './tool-call-ledger.js';

/** The stored values as the guest's map: key → JSON text (each `load` parses a fresh copy). */
function storedMap(storedJson: string): Map<string, string> {
  const snapshot = JSON.parse(storedJson) as Record<string, unknown>;
  return new Map(Object.entries(snapshot).map(([key, value]) => [key, JSON.stringify(value)]));
}

/** Four 32-bit words for the guest's `Math.random` (the host's own generator is seeded by the OS). */
function randomSeed(): number[] {
  return Array.from({ length: 4 }, () => Math.floor(Math.random() * 0x1_0000_0000));
}

/** At most this many responses enter the guest in one call. */
const MAX_CHUNK_RESPONSES = 256;
/**
 * A chunk holds at most this many characters of JSON, unless one response alone is larger:
 * every string of a chunk is in the guest's heap at once, so a chunk costs it no more memory
 * than one response plus this.
 */
const MAX_CHUNK_CHARS = 64 * 1024;

/** Where the chunk of `deliveries` starting at `start` ends (exclusive); it holds at least one. */
function deliveryChunkEnd(deliveries: readonly PendingDelivery[], start: number): number {
  let chars = (deliveries[start] as PendingDelivery).json.length;
  let end = start + 1;
  while (end < deliveries.length && end - start < MAX_CHUNK_RESPONSES) {
    chars += (deliveries[end] as PendingDelivery).json.length;
    if (chars > MAX_CHUNK_CHARS) break;
    end += 1;
  }
  return end;
}

/** What one program needs. */
export interface GuestRunOptions {
  /** A prepared, unused realm; the program takes it over. */
  readonly realm: GuestRealm;
  readonly source: string;
  readonly bindings: readonly SandboxBinding[];
  readonly limits: SandboxLimits;
  /** JSON of the stored values; the cells globals exist only when this is set. */
  readonly storedJson?: string;
  readonly host: EngineSink;
  /** Set for a durable program: it may be suspended once every call in flight is parked. */
  readonly durable?: RunDurability;
  /** Set to resume a suspended program, whose memory the realm already holds. */
  readonly resume?: SuspendedRun;
}

type Stop = { readonly kind: 'exit' } | { readonly kind: 'failure'; readonly error: ProgramError };
type Ending = Omit<DurableEngineOutcome, 'cpuMs' | 'toolCalls'>;

/** Four 32-bit words from the host's generator, as the prelude's `reseed` takes them. */
function seedHandles(context: QuickJSContext): QuickJSHandle[] {
  return randomSeed().map((word) => context.newNumber(word | 0));
}

/**
 * One program in a fresh realm (a QuickJS runtime and context just prepared or reset). The
 * guest runs in turns: a turn enters the interpreter (start, a tool response, a timer),
 * drains the job queue, then checks whether the program settled and sends the tool calls of
 * the turn as one batch.
 */
export class GuestRun {
  private readonly realm: GuestRealm;
  private readonly runtime: QuickJSRuntime;
  private readonly context: QuickJSContext;
  private readonly limits: SandboxLimits;
  private readonly clock: CpuClock;
  private readonly deadline: PausableDeadline;
  private readonly classifier: ExceptionClassifier;
  private readonly cadence: InterruptCadence;
  private readonly calls = new ToolCallLedger();
  private readonly timers: GuestTimers;
  private readonly budget: OutputBudget;
  private readonly stored: Map<string, string> | undefined;
  /** The parked count at the last refused suspension: no new attempt until another call is parked. */
  private refusedAtParked = -1;
  private readonly cells: boolean;
  private mainPromise: QuickJSHandle | undefined;
  private stop: Stop | undefined;
  private ending: Ending | undefined;
  private settled = false;
  private pumpScheduled = false;
  private readonly turns = new TurnScheduler();
  private readonly turnData = { sent: 0 };
  private resolveOutcome: (outcome: DurableEngineOutcome) => void = () => {};
  private readonly outcome = new Promise<DurableEngineOutcome>((resolve) => {
    this.resolveOutcome = resolve;
  });

  constructor(private readonly options: GuestRunOptions) {
    this.limits = options.limits;
    this.clock = new CpuClock(this.limits.cpuBudgetMs);
    this.timers = new GuestTimers(this.limits.maxTimers, (id) => this.fireTimer(id));
    const resume = options.resume;
    this.budget = new OutputBudget(this.limits, resume?.output);
    if (resume !== undefined) {
      this.refusedAtParked = resume.refusedAtParked ?? -1;
      this.clock.usedMs = resume.cpuMs;
      this.calls.restore(resume.calls);
    }
    this.deadline = new PausableDeadline(
      this.limits.cpuBudgetMs + this.limits.watchdogGraceMs,
      () => this.halt(programErrors.wallClock(this.limits, false)),
      true,
      resume?.watchdogMs,
    );
    this.realm = options.realm;
    if (this.realm.used) throw new Error('a realm serves one program until it is reset');
    this.realm.used = true;
    this.cadence = new InterruptCadence(this.realm.interruptCounter);
    const stored = options.storedJson === undefined ? undefined : storedMap(options.storedJson);
    this.stored = stored;
    this.realm.handlers = createGuestHandlers({
      limits: this.limits,
      bindings: options.bindings,
      host: options.host,
      calls: this.calls,
      timers: this.timers,
      budget: this.budget,
      stored,
      stopped: () => this.stop !== undefined,
      exit: () => {
        this.stop ??= { kind: 'exit' };
        this.cadence.stopping();
      },
      fail: (error) => {
        this.stop ??= { kind: 'failure', error };
        this.cadence.stopping();
      },
      turn: this.turnData,
    });
    this.cells = stored !== undefined;
    this.runtime = this.realm.runtime;
    this.context = this.realm.context;
    this.runtime.setMemoryLimit(this.limits.memoryBytes);
    this.runtime.setMaxStackSize(this.limits.stackBytes);
    this.runtime.setInterruptHandler(() => this.shouldInterrupt());
    this.classifier = new ExceptionClassifier({
      context: this.context,
      runtime: this.runtime,
      instance: this.realm.instance,
      limits: this.limits,
      clock: this.clock,
      textJson: this.realm.api.textJson,
    });
  }

  /** Run the program to its end (or its suspension). Call once. */
  start(): Promise<DurableEngineOutcome> {
    // No timer yet: a turn is synchronous, and afterTurn arms one before the program waits unpaused.
    this.deadline.resume(false);
    this.cadence.begin(this.clock.usedMs);
    const resume = this.options.resume;
    if (resume === undefined) this.turn(() => this.install());
    else this.turn(() => this.reenter(resume));
    return this.outcome;
  }

  /**
   * The host parked call `id`: its answer comes later, maybe in another process. Once every
   * call in flight is parked and no job is runnable, a durable program is suspended.
   */
  park(id: number): void {
    if (this.ending !== undefined || !this.calls.park(id)) return;
    this.suspendIfParked();
  }

  /** Settle the guest's promise for call `id`; `json` is the value, or the error detail. */
  deliver(id: number, ok: boolean, json: string): void {
    if (this.ending !== undefined || !this.calls.answer({ id, ok, json })) return;
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    // Responses settled in the same tick enter the guest together, in one turn.
    this.turns.schedule(() => this.pump());
  }

  /** End the program with `EXEC_CANCELLED`. */
  cancel(): void {
    this.halt(programErrors.cancelled());
  }

  private shouldInterrupt(): boolean {
    if (this.stop === undefined) {
      this.options.host.duringTurn?.();
      const spentMs = this.clock.spentMs();
      if (spentMs <= this.limits.cpuBudgetMs) {
        this.cadence.poll(spentMs);
        return false;
      }
      this.stop = { kind: 'failure', error: programErrors.cpuBudget(this.limits) };
    }
    // An interrupt that a host function turned catchable is raised again at the next step.
    this.cadence.stopping();
    return true;
  }

  /** Stop the program; outside a turn it ends at once, inside one at the next interrupt poll. */
  private halt(error: ProgramError): void {
    if (this.ending !== undefined) return;
    this.stop ??= { kind: 'failure', error };
    this.cadence.stopping();
    if (!this.clock.running) this.endFromStop();
  }

  private turn(enter: () => void): void {
    if (this.ending !== undefined) return;
    if (!this.clock.running) this.turnData.sent = 0;
    this.clock.begin();
    try {
      enter();
      if (this.ending === undefined && this.stop === undefined) this.drainJobs();
      if (this.ending === undefined && this.stop === undefined) this.checkMainPromise();
    } catch (error) {
      this.end(this.classifier.hostException(error));
    } finally {
      this.clock.end();
    }
    if (this.ending === undefined) {
      if (this.stop !== undefined) this.endFromStop();
      else if (this.clock.exceeded()) this.end({ status: 'failed', error: programErrors.cpuBudget(this.limits), reusable: false });
      else this.afterTurn();
    }
    this.settle();
  }

  private afterTurn(): void {
    const batch = this.calls.takeBatch();
    if (batch.length > 0) {
      // Framing and handing over the batch is work the program caused: it counts as its CPU time.
      this.clock.begin();
      try {
        this.options.host.toolBatch(batch);
      } finally {
        this.clock.end();
      }
      if (this.clock.exceeded()) {
        this.end({ status: 'failed', error: programErrors.cpuBudget(this.limits), reusable: false });
        return;
      }
    }
    if (this.calls.busy) this.deadline.pause();
    else this.deadline.resume();
    const idle = !this.calls.busy && this.timers.size === 0 && !this.calls.hasDeliveries;
    if (idle && !this.runtime.hasPendingJob()) {
      this.end({ status: 'failed', error: programErrors.neverSettles(), reusable: true });
      return;
    }
    this.suspendIfParked();
  }

  /**
   * Suspend a durable program at a park point: every call in flight parked, no response
   * waiting, no runnable job, no turn running. Timers may be pending: they are carried as due
   * times. When the snapshot cannot be sealed (over `maxSnapshotBytes`) the program keeps
   * running here and the host is told why.
   */
  private suspendIfParked(): void {
    const durable = this.options.durable;
    if (durable === undefined || this.ending !== undefined || this.stop !== undefined || this.clock.running || this.pumpScheduled) return;
    if (!this.calls.allParked || this.calls.hasDeliveries || this.calls.parkedCount === this.refusedAtParked) return;
    if (this.runtime.hasPendingJob()) return;
    // The guest keeps the main promise; a host handle alive now would be memory of this process only.
    this.mainPromise?.dispose();
    this.mainPromise = undefined;
    const capture: RunCapture = {
      live: this.realm.difference(captureLiveMemory(this.realm.instance.memory)),
      wiring: this.realm.wiring(),
      calls: this.calls.state(),
      timers: this.timers.state(),
      cpuMs: this.clock.usedMs,
      watchdogMs: this.deadline.spent(),
      output: this.budget.state(),
      ...(this.stored === undefined ? {} : { storedJson: JSON.stringify(Object.fromEntries([...this.stored].map(([key, json]) => [key, JSON.parse(json) as unknown]))) }),
    };
    const attempt = durable.seal(capture);
    if ('sealed' in attempt) {
      this.end({ status: 'suspended', reusable: true, sealed: attempt.sealed, parked: capture.calls.parked });
      return;
    }
    this.refusedAtParked = this.calls.parkedCount;
    this.mainPromise = this.guestMain();
    durable.refused(attempt.refused, capture.calls.parked);
  }

  /** A handle to the program's main promise, which the guest keeps. */
  private guestMain(): QuickJSHandle | undefined {
    const result = this.context.callFunction(this.realm.api.main, this.context.undefined);
    return this.take(result, 'run');
  }

  /** The first turn of a resumed program: a new `Math.random` stream, its timers, and the answers it came with. */
  private reenter(resume: SuspendedRun): void {
    const context = this.context;
    const seed = seedHandles(context);
    const reseeded = this.take(context.callFunction(this.realm.api.reseed, context.undefined, ...seed), 'run');
    for (const handle of seed) handle.dispose();
    if (reseeded === undefined) return;
    reseeded.dispose();
    this.mainPromise = this.guestMain();
    if (this.mainPromise === undefined) return;
    this.timers.rearm(resume.timers);
    for (const answer of resume.answers) this.calls.answer(answer);
    const deliveries = this.calls.takeDeliveries();
    for (let start = 0; start < deliveries.length; ) {
      if (this.ending !== undefined || this.stop !== undefined) return;
      const end = deliveryChunkEnd(deliveries, start);
      this.deliverChunk(deliveries, start, end);
      start = end;
    }
  }

  private install(): void {
    const context = this.context;
    const bindings = this.options.bindings.map(({ jsName, canonicalName, description, kind }) => ({ jsName, canonicalName, description, kind }));
    const request = context.newString(JSON.stringify({ seed: randomSeed(), bindings }));
    const installed = this.take(context.callFunction(this.realm.api.install, context.undefined, request), 'start');
    request.dispose();
    if (installed === undefined) return;
    installed.dispose();
    if (this.cells) {
      // `define` consumes the handle it gets; the realm's own serves every program.
      for (const [name, handle] of Object.entries(this.realm.cells)) this.realm.natives.define(this.realm.api, name, handle.dup());
    }
    const program = this.take(context.evalCode(wrapProgram(this.options.source), 'program.js', { type: 'global' }), 'compile');
    if (program === undefined) return;
    this.mainPromise = this.take(context.callFunction(program, context.undefined), 'run');
    program.dispose();
    // The guest keeps the main promise too: a suspended program's host handle would not survive.
    if (this.mainPromise !== undefined) this.take(context.callFunction(this.realm.api.keepMain, context.undefined, this.mainPromise), 'run')?.dispose();
  }

  /** The value of a call into the guest, or `undefined` after ending the program on its exception. */
  private take(
    result: { value: QuickJSHandle; error?: undefined } | { error: QuickJSHandle },
    phase: GuestFailurePhase,
  ): QuickJSHandle | undefined {
    if (result.error === undefined) return result.value;
    try {
      this.failOn(result.error, phase);
    } finally {
      result.error.dispose();
    }
    return undefined;
  }

  private failOn(exception: QuickJSHandle, phase: GuestFailurePhase): void {
    if (this.stop !== undefined) this.endFromStop();
    else this.end(this.classifier.guestException(exception, phase));
  }

  private drainJobs(): void {
    const result = this.runtime.executePendingJobs(-1);
    if (result.error === undefined) return;
    try {
      this.failOn(result.error, 'run');
    } finally {
      result.error.dispose();
    }
  }

  private checkMainPromise(): void {
    if (this.mainPromise === undefined) return;
    const state = this.context.getPromiseState(this.mainPromise);
    if (state.type === 'pending') return;
    if (state.type === 'rejected') {
      try {
        this.failOn(state.error, 'run');
      } finally {
        state.error.dispose();
      }
      return;
    }
    const value = state.value;
    try {
      this.complete(value);
    } finally {
      if (value !== this.mainPromise) value.dispose();
    }
  }

  private complete(value: QuickJSHandle): void {
    const label = this.context.newString('the return value');
    const result = this.context.callFunction(this.realm.api.resultJson, this.context.undefined, value, label);
    label.dispose();
    const json = this.take(result, 'result');
    if (json === undefined) return;
    try {
      if (this.context.typeof(json) !== 'string') {
        this.end({ status: 'completed', reusable: true });
        return;
      }
      const text = this.context.getString(json);
      if (!fitsUtf8(text, this.limits.maxResultBytes)) {
        this.end({ status: 'failed', error: programErrors.resultLimit(utf8Length(text), this.limits), reusable: false });
        return;
      }
      if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
        this.end({ status: 'failed', error: programErrors.notJson(`it nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`), reusable: true });
        return;
      }
      this.end({ status: 'completed', returnJson: text, reusable: true });
    } finally {
      json.dispose();
    }
  }

  private pump(): void {
    this.pumpScheduled = false;
    const deliveries = this.calls.takeDeliveries();
    this.turn(() => {
      for (let start = 0; start < deliveries.length; ) {
        if (this.ending !== undefined || this.stop !== undefined) return;
        const end = deliveryChunkEnd(deliveries, start);
        this.deliverChunk(deliveries, start, end);
        start = end;
      }
    });
  }

  /** One guest call settles `deliveries[start..end)` (a call into the guest costs more than its strings). */
  private deliverChunk(deliveries: readonly PendingDelivery[], start: number, end: number): void {
    const context = this.context;
    const handles: QuickJSHandle[] = [];
    try {
      for (let index = start; index < end; index += 1) {
        const { id, ok, json } = deliveries[index] as PendingDelivery;
        handles.push(context.newNumber(ok ? id : -id), context.newString(json));
      }
      this.take(context.callFunction(this.realm.api.deliver, context.undefined, handles), 'run')?.dispose();
    } finally {
      for (const handle of handles) handle.dispose();
    }
  }

  private fireTimer(id: number): void {
    this.turn(() => {
      const handle = this.context.newNumber(id);
      const result = this.context.callFunction(this.realm.api.fire, this.context.undefined, handle);
      handle.dispose();
      this.take(result, 'run')?.dispose();
    });
  }

  private endFromStop(): void {
    const stop = this.stop;
    if (stop === undefined) return;
    if (stop.kind === 'exit') this.end({ status: 'completed', reusable: true });
    else this.end({ status: 'failed', error: stop.error, reusable: false });
  }

  /** Record how the program ended; the first ending wins. */
  private end(ending: Ending): void {
    if (this.ending !== undefined) return;
    this.ending = leavesModuleSound(ending) ? ending : { ...ending, reusable: false };
    if (!this.clock.running) this.settle();
  }

  /** Release the program's hold on the realm and resolve the outcome, once no call into the guest is on the stack. */
  private settle(): void {
    const ending = this.ending;
    if (ending === undefined || this.settled || this.clock.running) return;
    this.settled = true;
    // Calls of the last turn never reached the host: report them (never to run) before the end.
    const unsent = this.calls.takeBatch();
    if (unsent.length > 0) this.options.host.toolBatch(unsent.map((call) => ({ ...call, unawaited: true as const })));
    this.deadline.cancel();
    this.realm.handlers = undefined;
    let reusable = ending.reusable;
    try {
      this.timers.stopAll();
      if (reusable) {
        this.mainPromise?.dispose();
        this.runtime.removeInterruptHandler();
      }
    } catch {
      reusable = false;
    }
    if (!reusable) this.realm.instance.healthy = false;
    this.resolveOutcome({ ...ending, reusable, cpuMs: this.clock.usedMs, toolCalls: this.calls.count });
  }
}
