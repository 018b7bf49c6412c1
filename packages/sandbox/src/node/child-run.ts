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
import type { ChildMessage } from '../shared/protocol-messages.js';
import type { SandboxPeer } from './sandbox-peer.js';

/** How a run on a child ended, and whether the child may run another program. */
export interface ChildRunResult {
  readonly result: ProgramResult;
  readonly sound: boolean;
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
}

/** Extra wall time the parent's watchdog allows over the engine's own bound, for the child to report. */
const WATCHDOG_MARGIN_MS = 500;

/**
 * Run one program on a ready child: send it, answer its tool calls, stream its output, and
 * back its limits with a wall-clock watchdog (paused while tool calls are in flight) that
 * kills the child. Resolves when the child reports, dies, is cancelled or is killed.
 */
export function runOnChild(options: ChildRunOptions): Promise<ChildRunResult> {
  const { peer, request, limits, startedAt, closing, storedJson } = options;
  return new Promise((resolve) => {
    const output: OutputItem[] = [];
    const budget = new OutputBudget(limits);
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
    let inFlight = 0;
    let toolCalls = 0;
    let finished = false;

    const finish = (result: ProgramResult, sound: boolean): void => {
      if (finished) return;
      finished = true;
      watchdog.cancel();
      request.signal?.removeEventListener('abort', onAbort);
      closing.removeEventListener('abort', onClose);
      peer.endRun();
      if (!sound) peer.kill();
      resolve({ result, sound });
    };
    const fail = (error: ProgramError): void => finish(failedResult(error, output, { startedAt, cpuMs: 0, toolCalls }), false);
    const watchdog = new PausableDeadline(
      limits.cpuBudgetMs + limits.watchdogGraceMs + WATCHDOG_MARGIN_MS,
      () => fail(programErrors.wallClock(limits, true)),
      options.background !== true,
    );
    const onAbort = (): void => fail(programErrors.cancelled());
    const onClose = (): void => fail(programErrors.closed());

    const onMessage = (message: ChildMessage): void => {
      if (finished) return;
      switch (message.type) {
        case 'toolBatch':
          toolCalls += message.calls.length;
          inFlight += message.calls.length;
          watchdog.pause();
          dispatchToolBatch(request, message.calls, limits, (id, response) => {
            if (finished) return;
            inFlight -= 1;
            if (inFlight === 0) watchdog.resume();
            peer.send(parentFrames.toolResult(id, response.ok, response.json));
          });
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
      { bindings: new Map(request.bindings.map((binding) => [binding.jsName, binding])), seenCallIds: new Set(), cells: cells !== undefined },
      { message: onMessage, failure: (detail) => fail(programErrors.crashed(detail)) },
    );
    request.signal?.addEventListener('abort', onAbort, { once: true });
    closing.addEventListener('abort', onClose, { once: true });
    peer.send(
      JSON.stringify({
        type: 'run',
        source: request.source,
        bindings: request.bindings.map(({ jsName, canonicalName, description, kind }) => ({ jsName, canonicalName, description, kind })),
        limits,
        ...(storedJson === undefined ? {} : { storedJson }),
      }),
    );
    watchdog.resume();
  });
}
