import type { SuspendedProgramResult } from '../contract/durable-program.js';
import type { OpenedRound } from '../host/durable-round.js';
import { roundResult, sealRound } from '../host/durable-round.js';
import type { DurableRound } from '../host/durable-round.js';
import { reportRefusal } from '../host/durable-runner.js';
import { durableParentFrames } from '../shared/durable-frames.js';
import type { ChildDurability } from './child-run.js';
import { captureFromWire, captureToWire } from './wire-capture.js';

/**
 * A durable round on a sandbox peer: the peer sends its paused program, and the parent seals
 * it here (the peer never holds a key). Over `maxSnapshotBytes` the program is sent straight
 * back to the same peer, not to be suspended again until another call is parked, and the
 * host answers its parked calls in memory (`onSuspendRefused`).
 */
export function peerDurability(round: DurableRound, start: string, carried: Pick<ChildDurability, 'parkedIds' | 'issued' | 'budget' | 'watchdogMs'>): ChildDurability {
  return {
    ...carried,
    start,
    output: round.output,
    suspended(message, peer) {
      const { state, memory } = captureFromWire(message.capture);
      const attempt = sealRound(round, state, memory);
      const parked = state.calls.parked;
      if ('sealed' in attempt) {
        return roundResult({ status: 'suspended', sealed: attempt.sealed, parked, cpuMs: message.cpuMs, toolCalls: message.toolCalls }, round) as SuspendedProgramResult;
      }
      peer.send(durableParentFrames.resume({ bindings: round.bindings, limits: round.limits, capture: message.capture, answers: [], refusedAtParked: parked.length }));
      reportRefusal(round, attempt.refused, parked, peer.deliver);
      return undefined;
    },
  };
}

/** The durability of a resume on a peer: the opened snapshot goes to the peer as it is stored (compressed). */
export function peerResume(opened: OpenedRound): ChildDurability {
  const { header, compressed, round, suspended } = opened;
  const answered = new Set(suspended.answers.map((answer) => answer.id));
  const capture = captureToWire(
    { wiring: header.wiring, calls: suspended.calls, timers: header.timers, cpuMs: header.cpuMs, watchdogMs: header.watchdogMs, output: header.budget, ...(header.storedJson === undefined ? {} : { storedJson: header.storedJson }) },
    compressed,
  );
  const start = durableParentFrames.resume({ bindings: header.bindings, limits: header.limits, capture, answers: suspended.answers });
  return peerDurability(round, start, {
    parkedIds: header.parked.map((call) => call.id).filter((id) => !answered.has(id)),
    issued: header.issued,
    budget: header.budget,
    watchdogMs: header.watchdogMs,
  });
}
