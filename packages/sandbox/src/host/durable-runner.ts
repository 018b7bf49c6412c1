import type { CheckSnapshotRequest, DurableProgramResult, DurableRunRequest, ResumeProgramRequest } from '../contract/durable-program.js';
import type { GuestToolResponse } from '../contract/guest-tool-call.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { buildFingerprint } from '../durable/build-fingerprint.js';
import { checkSealKeys, compressLiveMemory, inflateSnapshot } from '../durable/snapshot-seal.js';
import type { EngineSink, RunDurability } from '../guest/engine-sink.js';
import type { EngineToolCall } from '../guest/engine-tool-call.js';
import { WiringMismatch } from '../guest/sandbox-engine.js';
import type { DurableEngineRun, SandboxEngine } from '../guest/sandbox-engine.js';
import { checkResumable, openRound, parkedCall, roundResult, sealRound, wiringMismatchError } from './durable-round.js';
import type { DurableRound } from './durable-round.js';
import { driveEngineRun, engineSinkFor } from './engine-run-wiring.js';
import { runPreamble } from './run-preamble.js';
import { encodeToolResponse } from './tool-dispatch.js';

/** What a durable runner needs of its transport. */
export interface DurableRunnerOptions {
  readonly engine: SandboxEngine;
  resolveLimits(limits?: Partial<SandboxLimits>): SandboxLimits;
  closed(): boolean;
  /** The transport's running programs, cancelled when it closes. */
  readonly running: Set<{ cancel(): void }>;
}

/** `runDurable` and `resume` of a transport whose engine runs in this thread. */
export interface DurableRunner {
  runDurable(request: DurableRunRequest): Promise<DurableProgramResult>;
  resume(request: ResumeProgramRequest): Promise<DurableProgramResult>;
  checkSnapshot(request: CheckSnapshotRequest): void;
}

/**
 * Tell the host that a program stays in memory (its snapshot would be too large), with a way
 * to answer its parked calls here; `deliver` takes an encoded answer.
 */
export function reportRefusal(
  round: DurableRound,
  refusal: Parameters<RunDurability['refused']>[0],
  parked: readonly EngineToolCall[],
  deliver: (id: number, ok: boolean, json: string) => void,
): void {
  const calls = new Map(parked.map((call) => [call.id, parkedCall(call)]));
  const answer = (id: number, response: GuestToolResponse): void => {
    const call = calls.get(id);
    if (call === undefined) return;
    calls.delete(id);
    const encoded = encodeToolResponse(response, call, round.limits);
    deliver(id, encoded.ok, encoded.json);
  };
  try {
    round.request.durable.onSuspendRefused?.(refusal, [...calls.values()], answer);
  } catch {
    // The host's callback failed; the program keeps running either way.
  }
}

/** Runs durable programs and resumes them, on an engine in this thread (the in-process transport). */
export function createDurableRunner(options: DurableRunnerOptions): DurableRunner {
  const { engine } = options;

  async function execute(round: DurableRound, prepare: (host: EngineSink, durable: RunDurability) => Promise<DurableEngineRun>): Promise<DurableProgramResult> {
    const durable: RunDurability = {
      seal: ({ live, ...capture }) => sealRound(round, capture, compressLiveMemory(live)),
      refused: (refusal, parked) => reportRefusal(round, refusal, parked, (id, ok, json) => engineRun.deliver(id, ok, json)),
    };
    const engineRun: DurableEngineRun = await prepare(
      engineSinkFor({ request: round.request, limits: round.limits, output: round.output, parks: true, target: () => engineRun }),
      durable,
    );
    return roundResult(await driveEngineRun(engineRun, round.request, options.running, options.closed), round);
  }

  return {
    async runDurable(request) {
      checkSealKeys(request.durable.keys);
      buildFingerprint();
      const preamble = runPreamble(request, { resolveLimits: options.resolveLimits, closed: options.closed() });
      if (!preamble.admitted) return preamble.result;
      const { startedAt, limits, storedJson } = preamble;
      const round: DurableRound = { request, bindings: request.bindings, limits, startedAt, earlierWallMs: 0, output: [], expiresAt: 0 };
      return execute(round, (host, durable) =>
        engine.prepareDurable({ source: request.source, bindings: request.bindings, limits, ...(storedJson === undefined ? {} : { storedJson }), host, durable }),
      );
    },

    checkSnapshot(request) {
      checkSealKeys(request.durable.keys);
      checkResumable(request, request.maxSnapshotBytes ?? options.resolveLimits().maxSnapshotBytes);
    },

    async resume(request) {
      checkSealKeys(request.durable.keys);
      const startedAt = performance.now();
      const maxBytes = request.maxSnapshotBytes ?? options.resolveLimits().maxSnapshotBytes;
      const opened = openRound(request, maxBytes, startedAt);
      const { header, round, suspended } = opened;
      const live = inflateSnapshot(opened);
      return execute(round, async (host, durable) => {
        try {
          return await engine.resume({
            bindings: header.bindings,
            limits: header.limits,
            ...(header.storedJson === undefined ? {} : { storedJson: header.storedJson }),
            host,
            durable,
            live,
            wiring: header.wiring,
            suspended,
          });
        } catch (error) {
          if (!(error instanceof WiringMismatch)) throw error;
          throw wiringMismatchError(header.wiring, error.found);
        }
      });
    },
  };
}
