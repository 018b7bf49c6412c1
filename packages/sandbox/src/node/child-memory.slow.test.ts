import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { GuestToolResponse } from '../contract/guest-tool-call.js';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { UNREACHABLE_MS } from '../test-support/unreachable-ms.js';
import { childMemoryBound } from './child-command.js';
import { createChildProcessTransport } from './child-process-transport.js';

// The child's whole memory stays bounded, not only the QuickJS heap: a program that sends
// the host a lot of data in one turn ends with a limit code while the child's peak
// resident memory (VmHWM) stays under childMemoryBound (the figure the README states).

// The limits under test are memory and output: the CPU budget must never be the one that trips.
const LIMITS = { cpuBudgetMs: UNREACHABLE_MS, bootTimeoutMs: 60_000 };
const echo: SandboxBinding = { jsName: 'echo', canonicalName: 'echo', description: 'Echo.', kind: 'function' };
const transport = createChildProcessTransport({ limits: LIMITS, pool: { size: 1 } });
afterAll(() => transport.close());

/** Peak resident memory of a process in bytes (Linux), or 0. */
function peakBytes(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? 0 : Number(match[1]) * 1024;
  } catch {
    return 0;
  }
}

async function runWatched(source: string) {
  let peak = 0;
  const sample = (): void => {
    for (const pid of transport.poolStats().busy) peak = Math.max(peak, peakBytes(pid));
  };
  // Sampling only observes: VmHWM is a high-water mark, so a late sample still sees the peak.
  const sampler = setInterval(sample, 5);
  try {
    const result = await transport.run({
      source,
      bindings: [echo],
      cells: { storedValues: {}, onStore: sample, onNotify: sample, onYield: sample },
      onToolBatch: (calls) => (sample(), calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: 'ok' }))),
    });
    return { result, peak };
  } finally {
    clearInterval(sampler);
  }
}

const bound = childMemoryBound(resolveSandboxLimits(LIMITS));

// Megabytes cross the pipe many times over: on a busy two-core machine that takes minutes.
describe('child memory (slow)', { timeout: 240_000 }, () => {
  it.each([
    ['15 MB strings to tools in one turn', "const s = 'x'.repeat(15e6); await Promise.all(Array.from({ length: 20 }, () => tools.echo({ s })))"],
    ['300 big notify calls', "const big = 'y'.repeat(1e6); for (let i = 0; i < 300; i++) notify({ i, big })"],
    ['big stores in one turn', "const big = 'z'.repeat(1e6); for (let i = 0; i < 300; i++) { try { store('k', big) } catch {} }"],
  ])('%s ends with a limit code, the child under its bound', async (_case, source) => {
    const { result, peak } = await runWatched(source);
    expect(['EXEC_OUTPUT_LIMIT', 'EXEC_MEMORY']).toContain(result.error?.code);
    if (process.platform === 'linux') expect(peak).toBeLessThan(bound);
    expect((await transport.run({ source: 'return "still serving"', bindings: [], onToolBatch: () => [] })).returnValue).toBe('still serving');
  });

  it('15 MB strings to tools, one per turn, all arrive', async () => {
    const { result, peak } = await runWatched("const s = 'x'.repeat(15e6); for (let i = 0; i < 5; i++) await tools.echo({ s }); return 'sent'");
    expect(result).toMatchObject({ status: 'completed', returnValue: 'sent' });
    if (process.platform === 'linux') expect(peak).toBeLessThan(bound);
  });
});
