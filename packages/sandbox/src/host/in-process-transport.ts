import { ConfigurationError } from '@toolcell/core';
import type { JsonValue } from '@toolcell/core';
import type { GuestToolCall } from '../contract/guest-tool-call.js';
import type { OutputItem } from '../contract/output-item.js';
import type { ProgramResult } from '../contract/program-result.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { DurableSandboxTransport } from '../contract/sandbox-transport.js';
import { SandboxEngine } from '../guest/sandbox-engine.js';
import type { EngineRun } from '../guest/sandbox-engine.js';
import { decodeGuestEvent, deliverGuestEvent } from '../shared/guest-events.js';
import type { GuestEventReceiver } from '../shared/guest-events.js';
import { completedResult, failedResult } from './build-program-result.js';
import { callSafely } from './call-safely.js';
import { createDurableRunner } from './durable-runner.js';
import { runPreamble } from './run-preamble.js';
import { dispatchToolBatch } from './tool-dispatch.js';

/** Options of {@link createInProcessTransport}. */
export interface InProcessTransportOptions {
  /** Limits for every run, over the defaults; a run's own limits override them. */
  readonly limits?: Partial<SandboxLimits>;
  /** Prepare a warm interpreter right away (default `true`), so the first run starts fast. */
  readonly prewarm?: boolean;
}

/** The largest guest stack in process: the interpreter runs on the host's own V8 stack. */
const IN_PROCESS_MAX_STACK_BYTES = 256 * 1024;

function inProcessLimits(...layers: ReadonlyArray<Partial<SandboxLimits> | undefined>): SandboxLimits {
  const limits = resolveSandboxLimits(...layers);
  if (limits.stackBytes > IN_PROCESS_MAX_STACK_BYTES) {
    throw new ConfigurationError({
      setting: 'limits.stackBytes',
      message: `at most ${IN_PROCESS_MAX_STACK_BYTES} in process (the interpreter shares the host's V8 stack); use the child-process transport for a larger stack`,
    });
  }
  return limits;
}

/**
 * A transport that runs programs in the host's own thread: for hosts without processes
 * (browsers, workers, edge runtimes). Same guest, same limits, less defense in depth: an
 * interpreter fault is a fault of the host, and a long-running builtin that starves the
 * interrupt handler cannot be killed (the child-process transport's watchdog can).
 *
 * @throws ConfigurationError when `options.limits` cannot work.
 */
export function createInProcessTransport(options: InProcessTransportOptions = {}): DurableSandboxTransport {
  const defaults = inProcessLimits(options.limits);
  const resolveLimits = (limits?: Partial<SandboxLimits>): SandboxLimits => inProcessLimits(options.limits, limits);
  // Warm: the host often prewarms while it waits for the model's first request.
  const engine = new SandboxEngine({ warmUp: true });
  const running = new Set<EngineRun>();
  let closed = false;
  if (options.prewarm !== false) engine.prewarm(defaults.memoryBytes).catch(() => undefined);
  const durableRunning = new Set<{ cancel(): void }>();
  const durable = createDurableRunner({ engine, resolveLimits, closed: () => closed, running: durableRunning });

  async function run(request: RunProgramRequest): Promise<ProgramResult> {
    const preamble = runPreamble(request, { resolveLimits, closed });
    if (!preamble.admitted) return preamble.result;
    const { startedAt, limits, storedJson } = preamble;
    const output: OutputItem[] = [];
    const receiver: GuestEventReceiver = {
      request,
      callSafely: (callback, call) => callSafely(request, callback, call),
      output: (item) => {
        output.push(item);
        callSafely(request, 'onOutput', () => request.onOutput?.(item));
      },
    };
    const engineRun: EngineRun = await engine.prepare({
      source: request.source,
      bindings: request.bindings,
      limits,
      ...(storedJson === undefined ? {} : { storedJson }),
      host: {
        toolBatch: (calls) => {
          const guestCalls = calls.map(({ id, jsName, inputJson, unawaited }): GuestToolCall => {
            const input = JSON.parse(inputJson) as JsonValue;
            return unawaited ? { id, jsName, input, unawaited } : { id, jsName, input };
          });
          dispatchToolBatch(request, guestCalls, limits, (id, response) => engineRun.deliver(id, response.ok, response.json));
        },
        event: (event) => deliverGuestEvent(decodeGuestEvent(event), receiver),
      },
    });
    const current = engineRun;
    running.add(current);
    const onAbort = (): void => current.cancel();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const finished = current.start();
    if (request.signal?.aborted || closed) current.cancel();
    try {
      const outcome = await finished;
      const figures = { startedAt, cpuMs: outcome.cpuMs, toolCalls: outcome.toolCalls };
      return outcome.status === 'completed' || outcome.error === undefined
        ? completedResult(outcome.returnJson === undefined ? undefined : (JSON.parse(outcome.returnJson) as JsonValue), output, figures)
        : failedResult(outcome.error, output, figures);
    } finally {
      running.delete(current);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    run,
    runDurable: durable.runDurable,
    resume: durable.resume,
    resolveLimits,
    async close() {
      closed = true;
      for (const current of running) current.cancel();
      for (const current of durableRunning) current.cancel();
      engine.close();
    },
  };
}
