// Nested calls through the real registry, runtime and sandbox: a hostile typed result or
// a failing runtime fails that one call in the program, never the host or its siblings.
// (The package's vitest setup fails any test during which a rejection escapes.)
import type { CallOutcome, JsonObject } from '@toolcell/core';
import { createChildProcessTransport } from '@toolcell/sandbox/node';
import { errorOutcome } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { NestedCalls } from './nested-calls.js';
import type { Harness } from './test-support/harness-per-test.js';
import { harnessPerTest } from './test-support/harness-per-test.js';
import { HOSTILE_KINDS } from './test-support/hostile-values.js';

const harness = harnessPerTest();

const returned = (outcome: CallOutcome) => (outcome.output.result.value as JsonObject).return_value;

function countCallEvents(h: Harness) {
  const counts = { start: 0, end: 0 };
  h.runtime.events.on('call-start', () => (counts.start += 1));
  h.runtime.events.on('call-end', () => (counts.end += 1));
  return counts;
}

describe('nested calls', () => {
  it.each(HOSTILE_KINDS)('a typed result that cannot be marshalled (%s) fails that call with EXECUTION_FAILED', async (kind) => {
    const h = harness();
    const counts = countCallEvents(h);
    const outcome = await h.exec(`
      const [bad, good] = await Promise.allSettled([tools.hostile_result({ kind: ${JSON.stringify(kind)} }), tools.read_file({ path: 'a.txt' })]);
      return [bad.status, bad.reason?.code, bad.reason?.message, good.status, good.value?.content];
    `);
    expect(outcome.status).toBe('ok');
    const [badStatus, code, message, goodStatus, content] = returned(outcome) as string[];
    expect([badStatus, code, goodStatus, content]).toEqual(['rejected', 'EXECUTION_FAILED', 'fulfilled', 'alpha']);
    expect(message).toContain('hostile_result');
    expect(counts.end).toBe(counts.start);
  });

  it('a deep argument fails only its own call; the sibling write runs and reports ok', async () => {
    // Deeper than MAX_JSON_DEPTH; the executor's batch-isolation test covers arguments deep
    // enough to overflow a recursive check on the host. A generous CPU budget: a loaded
    // machine must not turn this into EXEC_CPU_BUDGET.
    const h = harness({ limits: { cpuBudgetMs: 30_000 } });
    const ends: string[] = [];
    h.runtime.events.on('call-end', (event) => ends.push(`${event.toolName}:${event.code ?? 'ok'}`));
    const outcome = await h.exec(`
      let deep = []; for (let i = 0; i < 600; i += 1) deep = [deep];
      const [read, write] = await Promise.allSettled([tools.read_file({ path: deep }), tools.write_file({ path: 'out.txt', content: 'x' })]);
      return [read.status, read.reason?.code, read.reason?.message, write.status];
    `);
    expect(returned(outcome)).toEqual(['rejected', 'INVALID_ARGS', expect.stringMatching(/deeper than \d+ levels/), 'fulfilled']);
    expect(h.files.get('out.txt')).toBe('x');
    // The sandbox may refuse the argument in the guest already; if it reaches the host, the
    // host refuses it for that call alone. Either way the write is reported as what it was.
    expect(ends).toEqual(expect.arrayContaining(['write_file:ok', 'exec:ok']));
    expect(ends.filter((end) => end.startsWith('read_file:'))).not.toContain('read_file:ok');
  });

  it('a runtime that rejects or throws fails the calls with EXECUTION_FAILED, and nothing escapes', async () => {
    let mode: 'reject' | 'throw' = 'reject';
    const h = harness({
      wrapRuntime: (runtime) => ({
        dispatchBatch: (requests) => {
          if (requests.some((request) => request.name === 'read_file')) {
            if (mode === 'throw') throw new Error('the executor broke');
            return requests.map(() => Promise.reject(new Error('the outcome was lost')));
          }
          return runtime.dispatchBatch(requests);
        },
      }),
    });
    const program = `try { await tools.read_file({ path: 'a.txt' }); return 'no error'; } catch (error) { return [error.code, error.message]; }`;
    const rejected = await h.exec(program);
    expect(returned(rejected)).toEqual(['EXECUTION_FAILED', expect.stringContaining('the outcome was lost')]);
    mode = 'throw';
    const thrown = await h.exec(program);
    expect(returned(thrown)).toEqual(['EXECUTION_FAILED', expect.stringContaining('the executor broke')]);
  });

  it.each(['in process', 'child process'])('a call the program did not await is recorded and ends cancelled without running (%s)', async (transport) => {
    const h = harness(transport === 'child process' ? { transport: createChildProcessTransport({ pool: { size: 1 } }) } : {});
    const events: string[] = [];
    h.runtime.events.on('call-start', (event) => events.push(`start ${event.toolName}`));
    h.runtime.events.on('call-end', (event) => events.push(`end ${event.toolName} ${event.code ?? 'ok'}`));
    const outcome = await h.exec(`tools.read_file({ path: 'a.txt' }); tools.write_file({ path: 'unawaited.txt', content: 'x' }); return 1;`);
    expect(returned(outcome)).toBe(1);
    expect(events).toEqual(
      expect.arrayContaining(['start read_file', 'end read_file ABORTED_BEFORE_DISPATCH', 'start write_file', 'end write_file ABORTED_BEFORE_DISPATCH']),
    );
    expect(events.indexOf('end write_file ABORTED_BEFORE_DISPATCH')).toBeLessThan(events.indexOf('end exec ok'));
    expect(h.files.has('unawaited.txt')).toBe(false);
    expect(h.approvals).toEqual([]);
    // A child process starts from sources through tsx: seconds on a loaded machine.
  }, 60_000);
});

describe('NestedCalls.settle', () => {
  it('cancels the calls in flight and resolves only once every response has settled, a late one included', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode' });
    const ends: Array<(outcome: CallOutcome) => void> = [];
    const signals: AbortSignal[] = [];
    const nested = new NestedCalls({
      runtime: {
        dispatchBatch: (requests) =>
          requests.map((request) => {
            if (request.signal !== undefined) signals.push(request.signal);
            return new Promise<CallOutcome>((resolve) => ends.push(resolve));
          }),
      },
      scope: registry.root,
      parent: { callId: 'call_exec', cellId: 'cell_1' },
      canonicalOf: new Map(),
      isUnobserved: () => false,
      onUnobservedCall: undefined,
      onModelContext: () => undefined,
    });
    const [first] = nested.onToolBatch([{ id: 1, jsName: 'read', input: {} }]);
    let settled = false;
    const settling = nested.settle().then(() => (settled = true));
    expect(signals[0]?.aborted).toBe(true);
    // A call the program never awaited arrives while settle waits: it is waited for too.
    const [late] = nested.onToolBatch([{ id: 2, jsName: 'read', input: {}, unawaited: true }]);
    ends[0]?.(errorOutcome({ callId: 'call_exec:code:1', toolName: 'read', code: 'ABORTED', message: 'cancelled' }));
    await expect(first).resolves.toMatchObject({ ok: false, error: { code: 'ABORTED' } });
    expect(settled).toBe(false);
    ends[1]?.(errorOutcome({ callId: 'call_exec:code:2', toolName: 'read', code: 'ABORTED_BEFORE_DISPATCH', message: 'cancelled' }));
    await expect(late).resolves.toMatchObject({ ok: false, error: { code: 'ABORTED_BEFORE_DISPATCH' } });
    await settling;
    expect(settled).toBe(true);
    await expect(nested.settle()).resolves.toBeUndefined();
  });
});
