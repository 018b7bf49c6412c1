import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { echo } from '../test-support/echo-binding.js';
import { rawRun } from '../test-support/raw-run.js';
import { SandboxProcess } from './sandbox-process.js';
import { MAX_POLLS_PER_WRITE } from './stdin-poller.js';

// The child polls stdin only briefly after it sends a tool call, never while it waits.

const limits = resolveSandboxLimits();

describe('StdinPoller in a real child (slow)', () => {
  it('polls after each tool call, and not while a slow answer keeps the child idle', async () => {
    const child = new SandboxProcess({ memoryBytes: limits.memoryBytes, stackBytes: limits.stackBytes, limits });
    try {
      await child.ready;
      let calls = 0;
      // The first answer comes after 300 ms: a child that spun while idle would poll
      // hundreds of thousands of times meanwhile, one that does not stays within its bound.
      const result = await rawRun(child, 'await tools.echo({}); await tools.echo({}); return 1', [echo], (input) => {
        calls += 1;
        return calls === 1 ? new Promise((resolve) => setTimeout(() => resolve(input), 300)) : Promise.resolve(input);
      });
      expect(result).toMatchObject({ status: 'completed', returnValue: 1 });
      expect(result.polls).toBeGreaterThan(0);
      expect(result.polls).toBeLessThanOrEqual(2 * MAX_POLLS_PER_WRITE);
    } finally {
      child.kill();
    }
  });
});
