import { QuickJSContext } from 'quickjs-emscripten-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { EngineSink } from './engine-sink.js';
import { createQuickJsInstance } from './quickjs-instance.js';
import { SandboxEngine } from './sandbox-engine.js';

const limits = resolveSandboxLimits({ cpuBudgetMs: 2_000, memoryBytes: 8 * 1024 * 1024, watchdogGraceMs: 500 });
const host: EngineSink = { toolBatch: () => undefined, event: () => undefined };

describe('SandboxEngine housekeeping', () => {
  // Issue 22: a host running programs back to back, its event loop never reaching the
  // housekeeping task, must not pile up one pending task per program.
  it('keeps at most one housekeeping task pending, however many programs end before it runs', async () => {
    const pending: Array<() => void> = [];
    const engine = new SandboxEngine({ scheduleIdle: (task) => pending.push(task) });
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

/** An engine that runs housekeeping only when told, and counts the instances it creates. */
function countingEngine(warmUp = false): { engine: SandboxEngine; created: number[] } {
  const created: number[] = [];
  const engine = new SandboxEngine({
    scheduleIdle: () => undefined,
    createInstance: (capBytes) => {
      created.push(capBytes);
      return createQuickJsInstance(capBytes);
    },
    warmUp,
  });
  return { engine, created };
}

describe('SandboxEngine prewarm', () => {
  // Issue 20 (cold start): a program arriving while the transport's prewarm is still
  // creating its instance used to create a second one, and both competed for the CPU.
  it('gives a program the instance a prewarm is still creating, and runs nothing before it', async () => {
    const { engine, created } = countingEngine();
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

describe('SandboxEngine warm-up', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The programs the realms evaluate from now on (GuestRun names its program `program.js`). */
  function watchPrograms(): string[] {
    const sources: string[] = [];
    const evalCode = QuickJSContext.prototype.evalCode;
    vi.spyOn(QuickJSContext.prototype, 'evalCode').mockImplementation(function (this: QuickJSContext, ...args: Parameters<QuickJSContext['evalCode']>) {
      if (args[1] === 'program.js') sources.push(args[0]);
      return evalCode.apply(this, args);
    });
    return sources;
  }

  // Issue 20: a host prewarms while it waits for the model's first request; the first
  // program then found QuickJS's WebAssembly for running a program still uncompiled.
  it('runs a program that calls a tool in a prewarmed realm no program waits for, and hands the next program that realm reset', async () => {
    const sources = watchPrograms();
    const { engine, created } = countingEngine(true);
    await engine.prewarm(limits.memoryBytes);
    expect(sources).toHaveLength(1);
    expect(sources[0]).toContain('tools.warm_up({})');

    const run = await engine.prepare({ source: 'return [Object.keys(tools), typeof warm_up, ALL_TOOLS.length]', bindings: [], limits, host });
    expect((await run.start()).returnJson).toBe('[[],"undefined",0]');
    expect(created).toHaveLength(1);
    engine.close();
  });

  it('runs no warm-up by default, nor for a program that takes over the instance a prewarm is still creating', async () => {
    const sources = watchPrograms();
    const quiet = countingEngine(false);
    await quiet.engine.prewarm(limits.memoryBytes);
    expect(sources).toEqual([]);
    quiet.engine.close();

    const { engine, created } = countingEngine(true);
    const prewarmed = engine.prewarm(limits.memoryBytes);
    const run = await engine.prepare({ source: 'return 1', bindings: [], limits, host });
    expect((await run.start()).returnJson).toBe('1');
    await prewarmed;
    expect(sources).toHaveLength(1);
    expect(sources[0]).toContain('return 1');
    expect(created).toHaveLength(1);
    engine.close();
  });
});
