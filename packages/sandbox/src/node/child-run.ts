import type { SuspendedProgramResult } from '../contract/durable-program.js';
import type { OutputItem } from '../contract/output-item.js';
import type { ProgramError, ProgramResult } from '../contract/program-result.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { completedResult, failedResult } from '../host/build-program-result.js';
import { callSafely } from '../host/call-safely.js';
import { dispatchToolBatch } from '../host/tool-dispatch.js';
import { deliverGuestEvent } from '../shared/guest-events.js';
import type { GuestEventReceiver } from '../shared/guest-events.js';
import { leavesModuleSound } from '../shared/leaves-module-sound.js';
import { OutputBudget } from '../shared/output-budget.js';
import { PausableDeadline } from '../shared/pausable-deadline.js';
import { programErrors } from '../shared/program-errors.js';
import { parentFrames } from '../shared/protocol-messages.js';
import { SandboxProtocolError } from '../shared/sandbox-protocol-error.js';
import type { ChildMessage } from '../shared/protocol-messages.js';
import type { SuspendedMessage } from '../shared/durable-frames.js';
import { durableParentFrames } from '../shared/durable-frames.js';
import type { OutputBudgetState } from '../shared/output-budget.js';
import type { SandboxPeer } from './sandbox-peer.js';

/** How a run on a child ended, and whether the child may run another program. */
export interface ChildRunResult<Result = ProgramResult> {
  readonly result: Result;
  readonly sound: boolean;
  /** A resume the peer refused (its realm is wired differently): the wiring it has. */
  readonly wiringMismatch?: string;
}

/** What a durable round may do with its peer when it stopped: resume it there, and answer its parked calls. */
export interface DurablePeerSide {
  send(frame: string): void;
  deliver(id: number, ok: boolean, json: string): void;
}

/** What makes a run on a child durable (a first round or a resume). */
export interface ChildDurability {
  /** The frame that starts it: a durable `run` or a `resume`. */
  readonly start: string;
  /** Calls parked and not answered when it starts (a resume): in flight from the start. */
  readonly parkedIds: readonly number[];
  /** Calls issued in earlier rounds. */
  readonly issued: number;
  /** The output budget spent and the watchdog time counted in earlier rounds. */
  readonly budget?: OutputBudgetState;
  readonly watchdogMs: number;
  /** The run's output (every round's). */
  readonly output: OutputItem[];
  /**
   * The peer stopped at a park point: seal it. A result ends the run; `undefined` means the
   * program goes on in the peer (its snapshot was too large: `resumeFrame` was sent).
   */
  suspended(message: SuspendedMessage, peer: DurablePeerSide): SuspendedProgramResult | undefined;
}

/** One program for {@link runOnChild}. */
export interface ChildRunOptions {
  /** A ready child process or worker. */
  readonly peer: SandboxPeer;
  readonly request: RunProgramRequest;
  readonly limits: SandboxLimits;
  /** When the run started (`performance.now()`), for `wallMs`. */
  readonly startedAt: number;
  /** Aborted when the transport closes. */
  readonly closing: AbortSignal;
  /** JSON of the cells snapshot, when cells are on. */
  readonly storedJson: string | undefined;
  /** The pool's own work (a warm-up): its watchdog does not keep the host alive. */
  readonly background?: boolean;
  /** Set for a durable run. */
  readonly durable?: ChildDurability;
}

/** Extra wall time the parent's watchdog allows over the engine's own bound, for the child to report. */
const WATCHDOG_MARGIN_MS = 500;

/**
 * Run one program on a ready child: send it, answer its tool calls, stream its output, and
 * back its limits with a wall-clock watchdog (paused while tool calls are in flight) that
 * kills the child. Resolves when the child reports, dies, is cancelled or is killed.
 */
export function runOnChild(options: ChildRunOptions & { readonly durable?: undefined }): Promise<ChildRunResult>;
export function runOnChild(options: ChildRunOptions): Promise<ChildRunResult<ProgramResult | SuspendedProgramResult>>;
export function runOnChild(options: ChildRunOptions): Promise<ChildRunResult<ProgramResult | SuspendedProgramResult>> {
  const { peer, request, limits, startedAt, closing, storedJson, durable } = options;
  return new Promise((resolve) => {
    const output: OutputItem[] = durable?.output ?? [];
    const budget = new OutputBudget(limits, durable?.budget);
    const cells = request.cells;
    const receiver: GuestEventReceiver = {
      request,
      callSafely: (callback, call) => callSafely(request, callback, call),
      // The child enforces the output limits; counting again keeps a broken child honest.
      output: (item) => {
        const decision = item.type === 'text' ? budget.text(item.text) : budget.media(item.type, item.mimeType, item.data);
        const kept = decision.item;
        if (kept !== undefined) {
          output.push(kept);
          callSafely(request, 'onOutput', () => request.onOutput?.(kept));
        }
        // A child stops at its limit itself; the parent ends the run there whatever the child does next.
        if (decision.overflow) fail(item.type === 'text' ? programErrors.textLimit(limits) : programErrors.mediaLimit(limits));
      },
    };
    let inFlight = durable?.parkedIds.length ?? 0;
    let toolCalls = durable?.issued ?? 0;
    let finished = false;

    const finish = (result: ProgramResult | SuspendedProgramResult, sound: boolean, wiringMismatch?: string): void => {
      if (finished) return;
      finished = true;
      watchdog.cancel();
      request.signal?.removeEventListener('abort', onAbort);
      closing.removeEventListener('abort', onClose);
      peer.endRun();
      if (!sound) peer.kill();
      resolve(wiringMismatch === undefined ? { result, sound } : { result, sound, wiringMismatch });
    };
    const fail = (error: ProgramError): void => finish(failedResult(error, output, { startedAt, cpuMs: 0, toolCalls }), false);
    const watchdog = new PausableDeadline(
      limits.cpuBudgetMs + limits.watchdogGraceMs + WATCHDOG_MARGIN_MS,
      () => fail(programErrors.wallClock(limits, true)),
      options.background !== true,
      durable?.watchdogMs,
    );
    const answer = (id: number, response: { readonly ok: boolean; readonly json: string }): void => {
      if (finished) return;
      inFlight -= 1;
      if (inFlight === 0) watchdog.resume();
      peer.send(parentFrames.toolResult(id, response.ok, response.json));
    };
    // A parked call stays in flight (the watchdog stays paused) until it is answered or the program is suspended.
    const park = (id: number): void => {
      if (!finished) peer.send(durableParentFrames.park(id));
    };
    const onAbort = (): void => fail(programErrors.cancelled());
    const onClose = (): void => fail(programErrors.closed());

    const onMessage = (message: ChildMessage): void => {
      if (finished) return;
      switch (message.type) {
        case 'toolBatch':
          toolCalls += message.calls.length;
          inFlight += message.calls.length;
          watchdog.pause();
          dispatchToolBatch(request, message.calls, limits, answer, durable === undefined ? undefined : park);
          return;
        case 'suspended': {
          if (durable === undefined) throw new SandboxProtocolError('a suspended frame in a run that is not durable');
          const result = durable.suspended(message, { send: (frame) => peer.send(frame), deliver: (id, ok, json) => answer(id, { ok, json }) });
          if (result !== undefined) finish(result, true);
          return;
        }
        case 'wiringMismatch':
          if (durable === undefined) throw new SandboxProtocolError('a wiring mismatch frame in a run that is not durable');
          finish(failedResult(programErrors.crashed('the resume was refused'), output, { startedAt, cpuMs: 0, toolCalls }), true, message.found);
          return;
        case 'result': {
          const figures = { startedAt, cpuMs: message.cpuMs, toolCalls: message.toolCalls };
          const sound = message.reusable && leavesModuleSound(message);
          const result =
            message.status === 'failed' && message.error !== undefined
              ? failedResult(message.error, output, figures)
              : completedResult(message.returnValue, output, figures);
          finish(result, sound);
          return;
        }
        case 'ready':
          return;
        default:
          // Every other message is a guest event: the switchboard delivers it.
          deliverGuestEvent(message, receiver);
      }
    };

    peer.beginRun(
      limits,
      { bindings: new Map(request.bindings.map((binding) => [binding.jsName, binding])), seenCallIds: new Set(durable?.parkedIds), cells: cells !== undefined },
      { message: onMessage, failure: (detail) => fail(programErrors.crashed(detail)) },
    );
    request.signal?.addEventListener('abort', onAbort, { once: true });
    closing.addEventListener('abort', onClose, { once: true });
    peer.send(durable?.start ?? runFrame(request, limits, storedJson, false));
    if (inFlight === 0) watchdog.resume();
  });
}

/** The frame that runs `request` on a peer (`durable`: the host may park its calls). */
export function runFrame(request: RunProgramRequest, limits: SandboxLimits, storedJson: string | undefined, durable: boolean): string {
  return JSON.stringify({
    type: 'run',
    source: request.source,
    bindings: request.bindings.map(({ jsName, canonicalName, description, kind }) => ({ jsName, canonicalName, description, kind })),
    limits,
    ...(storedJson === undefined ? {} : { storedJson }),
    ...(durable ? { durable: true } : {}),
  });
}
