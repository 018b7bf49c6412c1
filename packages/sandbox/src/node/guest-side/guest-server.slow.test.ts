import type { JsonValue } from '@toolcell/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProgramResult } from '../../contract/program-result.js';
import type { SandboxTransport } from '../../contract/sandbox-transport.js';
import { UNREACHABLE_MS } from '../../test-support/unreachable-ms.js';
import { createChildProcessTransport } from '../child-process-transport.js';
import { createWorkerTransport } from '../worker-transport.js';

// What a program tells its host reaches it while the program keeps computing, on the
// transports whose guest has a thread of its own. Each program computes for ever (the CPU
// budget is out of reach): the test waits for what it expects, sees the run still going,
// and ends it itself.

const LIMITS = { cpuBudgetMs: UNREACHABLE_MS, watchdogGraceMs: UNREACHABLE_MS, memoryBytes: 32 * 1024 * 1024, bootTimeoutMs: 60_000 };
const transports: Array<[string, SandboxTransport]> = [
  ['child process', createChildProcessTransport({ limits: LIMITS, pool: { size: 1 } })],
  ['worker thread', createWorkerTransport({ limits: LIMITS, pool: { size: 1 } })],
];
afterAll(async () => {
  await Promise.all(transports.map(([, transport]) => transport.close()));
});

/** A run of `source` with cells, recording what reaches the host, in order; `watch` sees each event. */
function start(transport: SandboxTransport, source: string, watch: (events: readonly string[]) => void) {
  const controller = new AbortController();
  const events: string[] = [];
  const record = (event: string): void => {
    events.push(event);
    watch(events);
  };
  let finished = false;
  const result: Promise<ProgramResult> = transport.run({
    source,
    bindings: [],
    onToolBatch: () => [],
    signal: controller.signal,
    onOutput: (item) => record(item.type === 'text' ? `text ${item.text}` : item.type),
    cells: {
      storedValues: {},
      onStore: (key) => record(`store ${key}`),
      onNotify: (value: JsonValue) => record(`notify ${JSON.stringify(value)}`),
      onYield: () => record('yield'),
    },
  });
  void result.then(() => (finished = true));
  return { events, result, finished: () => finished, cancel: () => controller.abort() };
}

/** Resolves once `check` holds of the events so far. */
function eventsUntil(check: (events: readonly string[]) => boolean): { watch: (events: readonly string[]) => void; reached: Promise<void> } {
  let reach: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return { watch: (events) => check(events) && reach(), reached };
}

describe.each(transports)('frames while the program computes: %s (slow)', (_name, transport) => {
  it('hands the host a yield, with the output before it, while the program keeps computing', async () => {
    const { watch, reached } = eventsUntil((events) => events.includes('yield'));
    const run = start(transport, "text('before'); yield_control(); for (;;) {}", watch);
    await reached;
    expect(run.events).toEqual(['text before', 'yield']);
    expect(run.finished()).toBe(false);
    run.cancel();
    expect(await run.result).toMatchObject({ status: 'failed', error: { code: 'EXEC_CANCELLED' }, output: [{ type: 'text', text: 'before' }] });
  });

  it('hands over output, stored values and notifications without a yield while one turn keeps computing', async () => {
    const { watch, reached } = eventsUntil((events) => events.includes('notify {"n":1}'));
    const run = start(transport, "text('before'); store('k', 1); notify({ n: 1 }); for (;;) {}", watch);
    await reached;
    expect(run.events).toEqual(['text before', 'store k', 'notify {"n":1}']);
    expect(run.finished()).toBe(false);
    run.cancel();
    expect(await run.result).toMatchObject({ status: 'failed', error: { code: 'EXEC_CANCELLED' } });
  });

  it('hands over output printed after an early write of the same turn too', async () => {
    const { watch, reached } = eventsUntil((events) => events.includes('text second'));
    const run = start(transport, "text('first'); yield_control(); const t = Date.now(); while (Date.now() - t < 20) {} text('second'); for (;;) {}", watch);
    await reached;
    expect(run.events).toEqual(['text first', 'yield', 'text second']);
    expect(run.finished()).toBe(false);
    run.cancel();
    await run.result;
  });
});
