import { getEventListeners } from 'node:events';
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { childPids } from '../test-support/child-pids.js';
import { until } from '../test-support/until.js';
import { createChildProcessTransport } from './child-process-transport.js';
import type { ChildProcessTransport } from './child-process-transport.js';

// Issue 22: a pool that recycles its children (`maxProgramsPerProcess`) leaves nothing of
// them behind in the parent — handles, file descriptors, timers, listeners. Slow: children
// start from sources.

const LIMITS = { cpuBudgetMs: 5_000, memoryBytes: 16 * 1024 * 1024, bootTimeoutMs: 60_000 };
const echo: SandboxBinding = { jsName: 'echo', canonicalName: 'echo', description: 'Echo.', kind: 'function' };
const opened: ChildProcessTransport[] = [];
afterAll(async () => {
  await Promise.all(opened.map((transport) => transport.close()));
});

/** What the parent holds: active handles by kind, open fds, and listeners on `process`. */
function holdings() {
  const resources: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) resources[kind] = (resources[kind] ?? 0) + 1;
  const listeners: Record<string, number> = {};
  for (const name of process.eventNames()) listeners[String(name)] = process.listenerCount(name);
  const fds = process.platform === 'linux' ? readdirSync('/proc/self/fd').length : 0;
  return { resources, listeners, fds };
}

describe('pool recycling (slow)', () => {
  it('returns handles, fds, timers and listeners to their idle size after each of 10 programs on a pool of 1 recycling every 2', async () => {
    const childrenBefore = childPids().length;
    const transport = createChildProcessTransport({ limits: LIMITS, pool: { size: 1, maxProgramsPerProcess: 2 } });
    opened.push(transport);
    // Idle: one ready child, and no child of ours still dying.
    const idle = (): boolean => {
      const stats = transport.poolStats();
      return stats.idle.length === 1 && stats.starting.length === 0 && stats.busy.length === 0 && childPids().length === childrenBefore + 1;
    };
    await until(idle);
    const run = (index: number, signal: AbortSignal) =>
      transport.run({
        source: `const [a, b, c] = await Promise.all([tools.echo({ i: 1 }), tools.echo({ i: 2 }), tools.echo({ i: 3 })]); text('x'.repeat(2048)); return a.i + b.i + c.i + ${index}`,
        bindings: [echo],
        signal,
        onToolBatch: (calls) => calls.map((call) => Promise.resolve({ ok: true as const, value: call.input })),
      });
    // The first program also loads what every later one uses (lazy modules, the codec).
    const first = await run(0, new AbortController().signal);
    expect(first.status).toBe('completed');
    await until(idle);
    const baseline = holdings();
    const pids = new Set<number>(transport.poolStats().idle);

    for (let index = 1; index <= 10; index += 1) {
      const controller = new AbortController();
      const result = await run(index, controller.signal);
      expect(result.status).toBe('completed');
      expect(result.returnValue).toBe(6 + index);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      await until(idle);
      for (const pid of transport.poolStats().idle) pids.add(pid);
      expect(holdings()).toEqual(baseline);
    }
    // The child was replaced every second program, so the figures above spanned five recycles.
    expect(pids.size).toBeGreaterThanOrEqual(5);
  });
});
