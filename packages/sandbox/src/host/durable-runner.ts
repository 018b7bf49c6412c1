import type { JsonValue } from '@toolcell/core';
import type { DurableProgramResult, DurableRunOptions, DurableRunRequest, ParkedCall, ResumeProgramRequest } from '../contract/durable-program.js';
import type { GuestToolCall } from '../contract/guest-tool-call.js';
import type { OutputItem } from '../contract/output-item.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { buildFingerprint } from '../durable/build-fingerprint.js';
import { sealPrimitives } from '../durable/node-primitives.js';
import { SnapshotError } from '../durable/snapshot-error.js';
import type { SnapshotHeader } from '../durable/snapshot-header.js';
import { checkSealKeys, openSnapshot, sealSnapshot } from '../durable/snapshot-seal.js';
import type { DurableEngineOutcome, EngineSink, EngineToolCall, RunDurability } from '../guest/engine-sink.js';
import { WiringMismatch } from '../guest/sandbox-engine.js';
import type { DurableEngineRun, SandboxEngine } from '../guest/sandbox-engine.js';
import { decodeGuestEvent, deliverGuestEvent } from '../shared/guest-events.js';
import type { GuestEventReceiver } from '../shared/guest-events.js';
import { completedResult, failedResult } from './build-program-result.js';
import { callSafely } from './call-safely.js';
import { runPreamble } from './run-preamble.js';
import { dispatchToolBatch, encodeToolResponse } from './tool-dispatch.js';

/** A snapshot may be resumed for this long by default: 24 hours. */
export const DEFAULT_SNAPSHOT_TTL_MS = 24 * 60 * 60 * 1000;

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
}

function parkedCall(call: EngineToolCall): ParkedCall {
  return { id: call.id, jsName: call.jsName, input: JSON.parse(call.inputJson) as JsonValue };
}

/** One round of a durable program: what its seal and its result need to know. */
interface Round {
  readonly request: RunProgramRequest & { readonly durable: DurableRunOptions };
  readonly bindings: readonly SandboxBinding[];
  readonly limits: SandboxLimits;
  readonly startedAt: number;
  /** Wall time of the earlier rounds. */
  readonly earlierWallMs: number;
  /** The output of every round so far. */
  readonly output: OutputItem[];
}

/** Runs durable programs and resumes them, on an engine in this thread (the in-process transport). */
export function createDurableRunner(options: DurableRunnerOptions): DurableRunner {
  const { engine } = options;

  async function execute(round: Round, prepare: (host: EngineSink, durable: RunDurability) => Promise<DurableEngineRun>): Promise<DurableProgramResult> {
    const { request, limits, output } = round;
    const receiver: GuestEventReceiver = {
      request,
      callSafely: (callback, call) => callSafely(request, callback, call),
      output: (item) => {
        output.push(item);
        callSafely(request, 'onOutput', () => request.onOutput?.(item));
      },
    };
    let expiresAt = 0;
    const durable: RunDurability = {
      seal: (capture) => {
        const now = Date.now();
        expiresAt = now + (request.durable.ttlMs ?? DEFAULT_SNAPSHOT_TTL_MS);
        const header: Omit<SnapshotHeader, 'regions' | 'memoryBytes'> = {
          build: buildFingerprint(),
          wiring: capture.wiring,
          identity: request.durable.identity,
          sealedAt: now,
          expiresAt,
          bindings: round.bindings,
          limits,
          parked: capture.calls.parked,
          issued: capture.calls.issued,
          timers: capture.timers,
          cpuMs: capture.cpuMs,
          wallMs: round.earlierWallMs + (performance.now() - round.startedAt),
          budget: capture.output,
          output,
          ...(capture.storedJson === undefined ? {} : { storedJson: capture.storedJson }),
        };
        return sealSnapshot(header, capture.live, request.durable.keys, limits.maxSnapshotBytes);
      },
      refused: (refusal, parked) => {
        const calls = new Map(parked.map((call) => [call.id, parkedCall(call)]));
        const answer = (id: number, response: unknown): void => {
          const call = calls.get(id);
          if (call === undefined) return;
          calls.delete(id);
          const encoded = encodeToolResponse(response, call, limits);
          engineRun.deliver(id, encoded.ok, encoded.json);
        };
        try {
          request.durable.onSuspendRefused?.(refusal, [...calls.values()], answer);
        } catch {
          // The host's callback failed; the program keeps running either way.
        }
      },
    };
    const host: EngineSink = {
      toolBatch: (calls) => {
        const guestCalls = calls.map(({ id, jsName, inputJson, unawaited }): GuestToolCall => {
          const input = JSON.parse(inputJson) as JsonValue;
          return unawaited ? { id, jsName, input, unawaited } : { id, jsName, input };
        });
        dispatchToolBatch(
          request,
          guestCalls,
          limits,
          (id, response) => engineRun.deliver(id, response.ok, response.json),
          (id) => engineRun.park(id),
        );
      },
      event: (event) => deliverGuestEvent(decodeGuestEvent(event), receiver),
    };
    const engineRun = await prepare(host, durable);
    options.running.add(engineRun);
    const onAbort = (): void => engineRun.cancel();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const finished = engineRun.start();
    if (request.signal?.aborted || options.closed()) engineRun.cancel();
    try {
      return resultOf(await finished, round, expiresAt);
    } finally {
      options.running.delete(engineRun);
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async runDurable(request) {
      checkSealKeys(request.durable.keys);
      buildFingerprint();
      const preamble = runPreamble(request, { resolveLimits: options.resolveLimits, closed: options.closed() });
      if (!preamble.admitted) return preamble.result;
      const { startedAt, limits, storedJson } = preamble;
      const round: Round = { request, bindings: request.bindings, limits, startedAt, earlierWallMs: 0, output: [] };
      return execute(round, (host, durable) =>
        engine.prepareDurable({ source: request.source, bindings: request.bindings, limits, ...(storedJson === undefined ? {} : { storedJson }), host, durable }),
      );
    },

    async resume(request) {
      checkSealKeys(request.durable.keys);
      const startedAt = performance.now();
      const maxBytes = request.maxSnapshotBytes ?? options.resolveLimits().maxSnapshotBytes;
      const { header, live } = openSnapshot(request.snapshot, {
        keys: request.durable.keys,
        identity: request.durable.identity,
        maxBytes,
        now: Date.now(),
        build: buildFingerprint(),
        answerIds: request.answers.map((answer) => answer.id),
      });
      const parked = new Map(header.parked.map((call) => [call.id, parkedCall(call)]));
      const answers = request.answers
        .filter((answer) => !(typeof answer.response === 'object' && answer.response !== null && (answer.response as { parked?: unknown }).parked === true))
        .map(({ id, response }) => ({ id, ...encodeToolResponse(response, parked.get(id) as ParkedCall, header.limits) }));
      const round: Round = {
        request: { ...request, source: '', bindings: header.bindings },
        bindings: header.bindings,
        limits: header.limits,
        startedAt,
        earlierWallMs: header.wallMs,
        output: [...header.output],
      };
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
            suspended: { calls: { issued: header.issued, parked: header.parked }, timers: header.timers, cpuMs: header.cpuMs, output: header.budget, answers },
          });
        } catch (error) {
          if (!(error instanceof WiringMismatch)) throw error;
          const { sha256Hex } = sealPrimitives();
          throw new SnapshotError({
            code: 'SNAPSHOT_BUILD_MISMATCH',
            message: `its realm wiring (sha256 ${sha256Hex(header.wiring).slice(0, 16)}) differs from this host's (sha256 ${sha256Hex(error.found).slice(0, 16)}): the QuickJS build or the prelude prepares realms differently here`,
          });
        }
      });
    },
  };
}

function resultOf(outcome: DurableEngineOutcome, round: Round, expiresAt: number): DurableProgramResult {
  const figures = { startedAt: round.startedAt - round.earlierWallMs, cpuMs: outcome.cpuMs, toolCalls: outcome.toolCalls };
  if (outcome.status === 'suspended' && outcome.sealed !== undefined) {
    const stats = completedResult(undefined, round.output, figures).stats;
    return { status: 'suspended', snapshot: outcome.sealed, parked: (outcome.parked ?? []).map(parkedCall), output: round.output, stats, expiresAt };
  }
  return outcome.status === 'completed' || outcome.error === undefined
    ? completedResult(outcome.returnJson === undefined ? undefined : (JSON.parse(outcome.returnJson) as JsonValue), round.output, figures)
    : failedResult(outcome.error, round.output, figures);
}
