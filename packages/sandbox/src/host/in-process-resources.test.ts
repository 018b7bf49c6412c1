import { getEventListeners } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { createInProcessTransport } from './in-process-transport.js';

// Issue 22: programs run back to back in process leave nothing behind — no timer per
// program (the engine's housekeeping is one pending task at most), no abort listener.

const echo: SandboxBinding = { jsName: 'echo', canonicalName: 'echo', description: 'Echo.', kind: 'function' };
const transport = createInProcessTransport({ limits: { cpuBudgetMs: 5_000 } });
afterAll(() => transport.close());

const timers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

function run(index: number, signal: AbortSignal) {
  return transport.run({
    source: `const [a, b, c] = await Promise.all([tools.echo({ i: 1 }), tools.echo({ i: 2 }), tools.echo({ i: 3 })]); text('x'.repeat(2048)); return a.i + b.i + c.i + ${index}`,
    bindings: [echo],
    signal,
    onToolBatch: (calls) => calls.map((call) => Promise.resolve({ ok: true as const, value: call.input })),
  });
}

describe('in-process transport resources', () => {
  it('20 programs back to back add at most one pending timer and leave no abort listener', async () => {
    expect((await run(0, new AbortController().signal)).status).toBe('completed');
    // Let the first program's housekeeping run, so the baseline has none pending.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const before = timers();
    for (let index = 1; index <= 20; index += 1) {
      const controller = new AbortController();
      const result = await run(index, controller.signal);
      expect(result.returnValue).toBe(6 + index);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    }
    expect(timers()).toBeLessThanOrEqual(before + 1);
  });
});
