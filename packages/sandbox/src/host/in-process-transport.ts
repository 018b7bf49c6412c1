import { ConfigurationError } from '@toolcell/core';
import type { OutputItem } from '../contract/output-item.js';
import type { ProgramResult } from '../contract/program-result.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { DurableSandboxTransport } from '../contract/sandbox-transport.js';
import { shippedRealm } from '../durable/shipped-realm.js';
import { SandboxEngine } from '../guest/sandbox-engine.js';
import type { EngineRun } from '../guest/sandbox-engine.js';
import { outcomeResult } from './build-program-result.js';
import { createDurableRunner } from './durable-runner.js';
import { driveEngineRun, engineSinkFor } from './engine-run-wiring.js';
import { runPreamble } from './run-preamble.js';

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
  // Warm: the host often prewarms while it waits for the model's first request. New realms
  // come from the package's shipped one where it has one.
  const engine = new SandboxEngine({ warmUp: true, realmImage: shippedRealm });
  const running = new Set<{ cancel(): void }>();
  let closed = false;
  if (options.prewarm !== false) engine.prewarm(defaults.memoryBytes).catch(() => undefined);
  const durable = createDurableRunner({ engine, resolveLimits, closed: () => closed, running });

  async function run(request: RunProgramRequest): Promise<ProgramResult> {
    const preamble = runPreamble(request, { resolveLimits, closed });
    if (!preamble.admitted) return preamble.result;
    const { startedAt, limits, storedJson } = preamble;
    const output: OutputItem[] = [];
    const engineRun: EngineRun = await engine.prepare({
      source: request.source,
      bindings: request.bindings,
      limits,
      ...(storedJson === undefined ? {} : { storedJson }),
      host: engineSinkFor({ request, limits, output, parks: false, target: () => engineRun }),
    });
    const outcome = await driveEngineRun(engineRun, request, running, () => closed);
    return outcomeResult(outcome, output, { startedAt, cpuMs: outcome.cpuMs, toolCalls: outcome.toolCalls });
  }

  return {
    run,
    runDurable: durable.runDurable,
    resume: durable.resume,
    checkSnapshot: durable.checkSnapshot,
    resolveLimits,
    async close() {
      closed = true;
      for (const current of running) current.cancel();
      engine.close();
    },
  };
}
