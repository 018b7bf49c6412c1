import type { SandboxBinding } from '../contract/sandbox-binding.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { runOnChild } from './child-run.js';
import type { SandboxPeer } from './sandbox-peer.js';

/**
 * Warm a ready peer up before it serves a program; `keepGoing` is asked before each warm-up
 * program (false once a program wants the peer, or the pool closes). Resolves `undefined`
 * when the peer is sound, else why it is not (it has been killed).
 */
export type PeerWarmUp = (peer: SandboxPeer, keepGoing: () => boolean) => Promise<string | undefined>;

/** What a peer's warm-up runs: `programs` times the program `source`, calling `tools.warm`. */
export interface WarmUpPlan {
  readonly source: string;
  readonly programs: number;
}

/**
 * A fresh isolate runs its first ~2 000 nested calls several times slower than later ones
 * (V8 has not optimized its JavaScript yet; measured 2026-12-01: a fresh worker's programs
 * of 100 calls took 45–52 ms of CPU for the first five, ~20 ms from about the twentieth;
 * 10 or 20 warm-up programs did not warm it), so a spare runs about that many before it
 * takes over. Short programs: a program that wants the spare meanwhile waits for one of
 * them at most.
 */
export const DEFAULT_WARM_UP: WarmUpPlan = {
  source: 'let sum = 0; for (let i = 0; i < 50; i += 1) sum += (await tools.warm({ i })).i; return (await Promise.all([1, 2, 3, 4, 5].map((i) => tools.warm({ i })))).length + sum;',
  programs: 40,
};

const WARM_BINDING: SandboxBinding = { jsName: 'warm', canonicalName: 'warm', description: 'The pool warming a peer up.', kind: 'function' };

/**
 * The pooled transports' warm-up: programs of the pool's own, whose tool calls the pool
 * answers itself (each call gets its input back); nothing of them reaches the host's
 * tools or callbacks, and each ran in a realm of its own like any program, so the next
 * program sees nothing of them. They do not count toward `maxProgramsPerProcess`.
 */
export function peerWarmUp(limits: SandboxLimits, closing: AbortSignal, plan: WarmUpPlan = DEFAULT_WARM_UP): PeerWarmUp {
  return async (peer, keepGoing) => {
    const programsBefore = peer.programs;
    for (let index = 0; index < plan.programs && keepGoing(); index += 1) {
      const { result, sound } = await runOnChild({
        peer,
        request: {
          source: plan.source,
          bindings: [WARM_BINDING],
          onToolBatch: (calls) => calls.map((call) => Promise.resolve({ ok: true as const, value: call.input })),
        },
        limits,
        startedAt: performance.now(),
        closing,
        storedJson: undefined,
        background: true,
      });
      if (!sound) return `the sandbox ${peer.noun} failed its warm-up: ${result.error?.message ?? 'it cannot run another program'}`;
    }
    peer.programs = programsBefore;
    return undefined;
  };
}
