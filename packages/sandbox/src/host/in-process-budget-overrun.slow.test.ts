import { afterAll, describe, expect, it } from 'vitest';
import { createInProcessTransport } from './in-process-transport.js';

// In process the program runs on the host's thread: nothing but the interpreter's own polls
// can stop it, so the CPU budget holds only if they come often whatever a step costs. The
// README states the bound: a program ends within 2 × cpuBudgetMs + 1 s of interpreter time.

const BUDGET_MS = 300;
const BOUND_MS = 2 * BUDGET_MS + 1_000;

describe('the CPU budget in process, against steps that are slow', () => {
  const transport = createInProcessTransport({ limits: { cpuBudgetMs: BUDGET_MS, watchdogGraceMs: 0 } });
  afterAll(() => transport.close());

  // Every call overflows the stack once the recursion is deep, and each overflow builds a
  // stack trace of ~1 500 frames naming the function: with QuickJS's own cadence (a poll
  // every 10 000 calls) this ran 13 s (1 000 characters) and over a minute (6 000) on a
  // 2 s budget. (With 6 000, now ~2.07 s on a 2 s budget, each step takes ~16 ms, and the
  // steps the cadence lets through at a program's start overran a busy machine's bound.)
  it.each([1, 1_000])('ends endless recursion that catches its stack overflows, with %i-character function names', async (length) => {
    const name = 'f'.repeat(length);
    const started = performance.now();
    const result = await transport.run({
      source: `function ${name}() { try { ${name}() } catch { ${name}() } }\n${name}()`,
      bindings: [],
      onToolBatch: () => [],
    });
    const wallMs = performance.now() - started;
    expect(result.error?.code).toBe('EXEC_CPU_BUDGET');
    expect(result.stats.cpuMs).toBeGreaterThanOrEqual(BUDGET_MS);
    expect(result.stats.cpuMs).toBeLessThan(BOUND_MS);
    // The host's thread is free again as soon: the run ends in the same bound, in wall time.
    expect(wallMs).toBeLessThan(BOUND_MS + 1_000);
  });
});
