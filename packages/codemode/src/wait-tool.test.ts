// When `wait` (and `exec`'s first answer) return (issue 28 item 2): at `yield_control()`,
// an approval request, the end, or the yield time — never merely because the program
// printed, and never `running` once the program has ended. Work is ordered by `hold`
// tools; time only moves on the fake clock.
import type { CallOutcome, JsonObject } from '@toolcell/core';
import { wireText } from '@toolcell/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Harness } from './test-support/harness-per-test.js';
import { harnessPerTest } from './test-support/harness-per-test.js';
import { MAX_YIELD_TIME_MS } from './yield-time.js';

const harness = harnessPerTest({ cells: true });

const result = (outcome: CallOutcome) => outcome.output.result.value as JsonObject;
const cellOf = (outcome: CallOutcome) => String(result(outcome).cell_id);
/** Far beyond any test: only a yield, an approval or the end can answer. */
const NEVER_MS = 600_000;

/** Resolves once `condition` holds, checked after each turn of the event loop (real work, no clock). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** Whether a promise has settled yet, without waiting for it. */
function tracked<T>(promise: Promise<T>): { readonly promise: Promise<T>; readonly settled: () => boolean } {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return { promise, settled: () => settled };
}

/** A few turns of the event loop: anything already due has happened. */
async function drain(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * A harness whose `get_context_remaining` outcomes reach the program only when the test
 * lets them: a program that ends with such a call in flight has ended while its calls
 * still settle. `ended` resolves when Code Mode cancels that call, i.e. the program ended.
 */
function lateSettling(): { h: Harness; ended: Promise<void>; letSettle: () => void } {
  let letSettle: () => void = () => undefined;
  const late = new Promise<void>((resolve) => (letSettle = resolve));
  let programEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (programEnded = resolve));
  const h = harness({
    wrapRuntime: (runtime) => ({
      events: runtime.events,
      dispatchBatch: (requests) =>
        runtime.dispatchBatch(requests).map((outcome, index) => {
          const request = requests[index];
          if (request?.name !== 'get_context_remaining') return outcome;
          request.signal?.addEventListener('abort', () => programEnded(), { once: true });
          return late.then(() => outcome);
        }),
    }),
  });
  return { h, ended, letSettle };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('wait returns', () => {
  it.each([
    ['the last text and the return in one turn', `yield_control(); await tools.hold({ key: 'go' }); text('phase 3'); return 'done';`, 'phase 3', 'done'],
    ['text about an awaited result, then the return', `yield_control(); const x = await tools.hold({ key: 'go' }); text('got ' + x); return x;`, 'got go', 'go'],
  ])('with the end, not running, for %s', async (_case, program, printed, returned) => {
    const h = harness();
    const started = await h.exec(program);
    expect(result(started)).toMatchObject({ status: 'running' });
    const waiting = h.wait({ cell_id: cellOf(started), yield_time_ms: NEVER_MS });
    h.release('go');
    const answer = await waiting;
    expect(result(answer)).toMatchObject({ status: 'completed', text: printed, return_value: returned });
    expect(wireText(answer.output.wire)).toMatch(/^Script completed in/);
  });

  it('at yield_control(), with what was printed since, even when that is nothing', async () => {
    const h = harness();
    const started = await h.exec(`yield_control(); await tools.hold({ key: '1' }); text('b'); yield_control(); await tools.hold({ key: '2' }); yield_control(); await tools.hold({ key: 'never' });`);
    const cellId = cellOf(started);
    const printed = h.wait({ cell_id: cellId, yield_time_ms: NEVER_MS });
    h.release('1');
    expect(result(await printed)).toMatchObject({ status: 'running', text: 'b' });
    const empty = h.wait({ cell_id: cellId, yield_time_ms: NEVER_MS });
    h.release('2');
    const answer = await empty;
    expect(result(answer)).toMatchObject({ status: 'running', text: '' });
    expect(wireText(answer.output.wire)).toMatch(/^Script running, cell \d+/);
  });

  it('when its yield time passes, with the output printed while it waited, and not before', async () => {
    const h = harness();
    const started = await h.exec(`yield_control(); await tools.hold({ key: '1' }); text('b'); await tools.hold({ key: '2' }); text('c'); await tools.hold({ key: 'never' });`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waiting = tracked(h.wait({ cell_id: cellOf(started), yield_time_ms: 5_000 }));
    h.release('1');
    h.release('2');
    await until(() => h.held.includes('never'));
    await drain();
    expect(waiting.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(waiting.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(result(await waiting.promise)).toMatchObject({ status: 'running', text: 'b\nc' });
  });

  it('cancelled when its call is cancelled while it waits, though the program printed meanwhile; the next wait gets it all', async () => {
    const h = harness();
    const started = await h.exec(`yield_control(); await tools.hold({ key: '1' }); text('b'); await tools.hold({ key: '2' }); text('c'); return 'end';`);
    const cellId = cellOf(started);
    const controller = new AbortController();
    const cancelled = h.wait({ cell_id: cellId, yield_time_ms: NEVER_MS }, { signal: controller.signal });
    h.release('1');
    await until(() => h.held.includes('2'));
    await drain();
    controller.abort();
    expect(await cancelled).toMatchObject({ status: 'error', code: 'ABORTED' });
    h.release('2');
    const next = await h.wait({ cell_id: cellId, yield_time_ms: NEVER_MS });
    expect(result(next)).toMatchObject({ status: 'completed', text: 'b\nc', return_value: 'end' });
  });
});

describe('an ended program is never answered running', () => {
  it('by a wait whose yield time passes while the program’s calls settle', async () => {
    const { h, ended, letSettle } = lateSettling();
    const started = await h.exec(`yield_control(); const pending = tools.get_context_remaining({}); await tools.hold({ key: 'go' }); text('last'); return 'done';`);
    await until(() => h.held.includes('go'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waiting = tracked(h.wait({ cell_id: cellOf(started), yield_time_ms: 1_000 }));
    h.release('go');
    await ended;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(waiting.settled()).toBe(false);
    letSettle();
    expect(result(await waiting.promise)).toMatchObject({ status: 'completed', text: 'last', return_value: 'done' });
  });

  it('by exec’s first answer whose yield time passes while the program’s calls settle', async () => {
    const { h, ended, letSettle } = lateSettling();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const exec = tracked(h.exec(`// @exec: {"yield_time_ms": 1000}\nconst pending = tools.get_context_remaining({}); await tools.hold({ key: 'go' }); return 'done';`));
    await until(() => h.held.includes('go'));
    h.release('go');
    await ended;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(exec.settled()).toBe(false);
    letSettle();
    expect(result(await exec.promise)).toMatchObject({ status: 'completed', return_value: 'done' });
  });
});

describe('long yield times (issue 28 item 3)', () => {
  it('wait refuses one over an hour and waits the whole hour it accepts, not 1 ms', async () => {
    const h = harness();
    const started = await h.exec(`yield_control(); await tools.hold({ key: 'end' }); return 'ended';`);
    const cellId = cellOf(started);
    const refused = await h.wait({ cell_id: cellId, yield_time_ms: 3_000_000_000 });
    expect(refused).toMatchObject({ status: 'error', code: 'INVALID_ARGS' });
    expect(wireText(refused.output.wire)).toContain('yield_time_ms');
    expect(wireText(refused.output.wire)).toContain(String(MAX_YIELD_TIME_MS));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waiting = tracked(h.wait({ cell_id: cellId, yield_time_ms: MAX_YIELD_TIME_MS }));
    // Under the nested call's own 120 s timeout: only the wait's timer could answer.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(waiting.settled()).toBe(false);
    h.release('end');
    expect(result(await waiting.promise)).toMatchObject({ status: 'completed', return_value: 'ended' });
  });

  it('the exec pragma refuses one over an hour and waits the whole hour it accepts, not 1 ms', async () => {
    const h = harness();
    const refused = await h.exec(`// @exec: {"yield_time_ms": 3000000000}\nreturn 1;`);
    expect(refused).toMatchObject({ status: 'error', code: 'EXEC_SYNTAX' });
    expect(wireText(refused.output.wire)).toContain('yield_time_ms must be at most 3600000 (one hour); got 3000000000');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const exec = tracked(h.exec(`// @exec: {"yield_time_ms": ${MAX_YIELD_TIME_MS}}\nawait tools.hold({ key: 'end' }); return 'ended';`));
    await until(() => h.held.includes('end'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(exec.settled()).toBe(false);
    h.release('end');
    expect(result(await exec.promise)).toMatchObject({ status: 'completed', return_value: 'ended' });
  });
});
