import { afterAll, describe, expect, it } from 'vitest';
import type { GuestToolCall, GuestToolResponse } from '../contract/guest-tool-call.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import { echo } from '../test-support/echo-binding.js';
import { until } from '../test-support/until.js';
import type { WarmUpPlan } from './peer-warm-up.js';
import { createPooledTransport } from './pooled-transport.js';
import type { PooledTransport } from './pooled-transport.js';
import type { PeerFactory } from './sandbox-pool.js';
import { WARM_UP_LEAD } from './sandbox-pool.js';
import { SandboxProcess } from './sandbox-process.js';
import { SandboxWorker } from './sandbox-worker.js';

// The spare's warm-up on real peers (the pool's choices are in sandbox-pool.test.ts): it
// runs before the spare takes over, its calls never reach a program's tools, nothing of it
// is visible to the programs after it, and a spare that fails it is replaced. Slow: peers
// start from sources.

const LIMITS = { cpuBudgetMs: 2_000, memoryBytes: 32 * 1024 * 1024, bootTimeoutMs: 60_000 };
const POOL = { size: 2, maxProgramsPerProcess: WARM_UP_LEAD + 2, warmUp: true };
const SPAWN: Record<string, PeerFactory> = {
  'child process': (options) => new SandboxProcess(options),
  'worker thread': (options) => new SandboxWorker(options),
};
/** A warm-up that leaves all it can behind: a global, output, pending timers and calls. */
const LEAVING_TRACES: WarmUpPlan = {
  source: "globalThis.leaked = 1; text('warm-up output'); setTimeout(() => {}, 60_000); void tools.warm({ n: 2 }); return (await tools.warm({ n: 1 })).n;",
  programs: 3,
};
const opened: PooledTransport[] = [];
afterAll(async () => {
  await Promise.all(opened.map((transport) => transport.close()));
});

/** A request whose tool calls are recorded and answered with their input, once `gate` settles. */
function recorded(source: string, calls: GuestToolCall[], gate: Promise<void> = Promise.resolve()): RunProgramRequest {
  return {
    source,
    bindings: [echo],
    onToolBatch: (batch) => {
      calls.push(...batch);
      return batch.map((call) => gate.then((): GuestToolResponse => ({ ok: true, value: call.input })));
    },
  };
}

describe.each(Object.entries(SPAWN))('the spare warm-up on the %s transport (slow)', (_name, spawn) => {
  it("runs on the spare before it serves, never reaches a program's tools, and leaves nothing the spare's next program sees", async () => {
    const transport = createPooledTransport({ limits: LIMITS, pool: POOL }, spawn, LEAVING_TRACES);
    opened.push(transport);
    await until(() => transport.poolStats().idle.length === 2);
    const calls: GuestToolCall[] = [];
    for (let index = 0; index < 2; index += 1) expect((await transport.run(recorded('return (await tools.echo({ n: 1 })).n', calls))).status).toBe('completed');
    // WARM_UP_LEAD programs from the end of the one in use: the spare warms up.
    const [spare] = transport.poolStats().starting;
    expect(spare).toBeDefined();
    await until(() => transport.poolStats().idle.length === 2);
    expect(transport.poolStats().idle).toContain(spare);

    // The peer in use is held by a program, so the next one runs on the spare.
    let open: () => void = () => undefined;
    const held = transport.run(recorded('return (await tools.echo({ n: 1 })).n', calls, new Promise<void>((resolve) => (open = resolve))));
    await until(() => calls.length === 3);
    const onSpare = await transport.run(
      recorded("const seen = await tools.echo({ n: 1 }); return { leaked: typeof globalThis.leaked, n: seen.n, tools: Object.keys(tools) }", calls),
    );
    expect(transport.poolStats().idle).toContain(spare);
    open();
    expect((await held).status).toBe('completed');
    expect(onSpare).toMatchObject({ status: 'completed', returnValue: { leaked: 'undefined', n: 1, tools: ['echo'] }, output: [], stats: { toolCalls: 1 } });
    expect(calls.map((call) => call.jsName)).toEqual(['echo', 'echo', 'echo', 'echo']);
  });

  it('replaces a spare that fails its warm-up; programs go on', async () => {
    const transport = createPooledTransport({ limits: { ...LIMITS, cpuBudgetMs: 200 }, pool: POOL }, spawn, { source: 'for (;;) {}', programs: 1 });
    opened.push(transport);
    await until(() => transport.poolStats().idle.length === 2);
    const calls: GuestToolCall[] = [];
    for (let index = 0; index < 2; index += 1) await transport.run(recorded('return 1', calls));
    const [spare] = transport.poolStats().starting;
    expect(spare).toBeDefined();
    await until(() => transport.poolStats().idle.length === 2 && !transport.poolStats().idle.includes(spare as number));
    expect(await transport.run(recorded('return (await tools.echo({ n: 7 })).n', calls))).toMatchObject({ status: 'completed', returnValue: 7 });
    expect(calls.map((call) => call.jsName)).toEqual(['echo']);
  });
});
