import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { EngineHost } from './engine-host.js';
import { createQuickJsInstance } from './quickjs-instance.js';
import { SandboxEngine } from './sandbox-engine.js';

const limits = resolveSandboxLimits({ cpuBudgetMs: 2_000, memoryBytes: 8 * 1024 * 1024, watchdogGraceMs: 500 });
const host: EngineHost = { toolBatch: () => undefined, output: () => undefined, store: () => undefined, notify: () => undefined, yieldControl: () => undefined };

describe('SandboxEngine housekeeping', () => {
  // Issue 22: a host running programs back to back, its event loop never reaching the
  // housekeeping task, must not pile up one pending task per program.
  it('keeps at most one housekeeping task pending, however many programs end before it runs', async () => {
    const pending: Array<() => void> = [];
    const engine = new SandboxEngine(2, (task) => pending.push(task));
    for (let index = 0; index < 10; index += 1) {
      const run = await engine.prepare({ source: `return ${index}`, bindings: [], limits, host });
      const outcome = await run.start();
      expect(outcome.returnJson).toBe(String(index));
    }
    expect(pending).toHaveLength(1);

    pending.shift()?.();
    const run = await engine.prepare({ source: 'return 10', bindings: [], limits, host });
    expect((await run.start()).returnJson).toBe('10');
    expect(pending).toHaveLength(1);
    engine.close();
  });
});

describe('SandboxEngine prewarm', () => {
  // Issue 20 (cold start): a program arriving while the transport's prewarm is still
  // creating its instance used to create a second one, and both competed for the CPU.
  it('gives a program the instance a prewarm is still creating, and runs nothing before it', async () => {
    const created: number[] = [];
    const engine = new SandboxEngine(2, () => undefined, (capBytes) => {
      created.push(capBytes);
      return createQuickJsInstance(capBytes);
    });
    const prewarmed = engine.prewarm(limits.memoryBytes);
    const run = await engine.prepare({ source: 'return 1', bindings: [], limits, host });
    expect((await run.start()).returnJson).toBe('1');
    await prewarmed;
    expect(created).toHaveLength(1);

    // The program kept the instance; a later prewarm for the same size finds it idle.
    await engine.prewarm(limits.memoryBytes);
    expect(created).toHaveLength(1);
    engine.close();
  });
});
