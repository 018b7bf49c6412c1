import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { echo } from '../test-support/echo-binding.js';
import { rawRun } from '../test-support/raw-run.js';
import { MAX_SPINS_PER_WRITE } from './worker/answer-wait.js';
import type { SandboxPeer, SandboxPeerOptions } from './sandbox-peer.js';
import { SandboxProcess } from './sandbox-process.js';
import { SandboxWorker } from './sandbox-worker.js';
import { MAX_POLLS_PER_WRITE } from './child/stdin-poller.js';

// A child polls stdin, a worker spins on its ring, only briefly after it sends a tool call,
// never while it waits: the looks each reports with its result stay within that bound.

const limits = resolveSandboxLimits();
const PEERS: Array<[string, (options: SandboxPeerOptions) => SandboxPeer, number]> = [
  ['child process', (options) => new SandboxProcess(options), MAX_POLLS_PER_WRITE],
  ['worker thread', (options) => new SandboxWorker(options), MAX_SPINS_PER_WRITE],
];

describe('an idle peer does not spin (slow)', () => {
  it.each(PEERS)('a %s looks after each tool call, and not while a slow answer keeps it idle', async (_name, start, maxPerWrite) => {
    const peer = start({ memoryBytes: limits.memoryBytes, stackBytes: limits.stackBytes, limits });
    try {
      await peer.ready;
      let calls = 0;
      // The first answer comes after 300 ms: a peer that spun while idle would look a
      // hundred thousand times or more meanwhile; one that does not stays within its bound.
      const result = await rawRun(peer, 'await tools.echo({}); return (await tools.echo({ n: 2 })).n', [echo], (input) => {
        calls += 1;
        return calls === 1 ? new Promise((resolve) => setTimeout(() => resolve(input), 300)) : Promise.resolve(input);
      });
      expect(result).toMatchObject({ status: 'completed', returnValue: 2 });
      expect(result.polls).toBeGreaterThan(0);
      expect(result.polls).toBeLessThanOrEqual(2 * maxPerWrite);
    } finally {
      peer.kill();
      await peer.exited;
    }
  });
});
