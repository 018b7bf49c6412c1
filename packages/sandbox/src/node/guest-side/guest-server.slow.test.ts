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

/**
 * Runs `source` with cells, recording what reaches the host in order, until `until` is among
 * those events; then sees the run still computing and ends it. What had reached the host by
 * then, and the run's result.
 */
async function eventsWhileComputing(transport: SandboxTransport, source: string, until: string): Promise<{ events: string[]; result: ProgramResult }> {
  const controller = new AbortController();
  const events: string[] = [];
  let reach: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const record = (event: string): void => {
    events.push(event);
    if (event === until) reach();
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
  await reached;
  const seen = [...events];
  expect(finished).toBe(false);
  controller.abort();
  return { events: seen, result: await result };
}

describe.each(transports)('frames while the program computes: %s (slow)', (_name, transport) => {
  it('hands the host a yield, with the output before it, while the program keeps computing', async () => {
    const { events, result } = await eventsWhileComputing(transport, "text('before'); yield_control(); for (;;) {}", 'yield');
    expect(events).toEqual(['text before', 'yield']);
    expect(result).toMatchObject({ status: 'failed', error: { code: 'EXEC_CANCELLED' }, output: [{ type: 'text', text: 'before' }] });
  });

  it('hands over output, stored values and notifications without a yield while one turn keeps computing', async () => {
    const { events, result } = await eventsWhileComputing(transport, "text('before'); store('k', 1); notify({ n: 1 }); for (;;) {}", 'notify {"n":1}');
    expect(events).toEqual(['text before', 'store k', 'notify {"n":1}']);
    expect(result).toMatchObject({ status: 'failed', error: { code: 'EXEC_CANCELLED' } });
  });

  it('hands over output printed after an early write of the same turn too', async () => {
    const { events } = await eventsWhileComputing(transport, "text('first'); yield_control(); const t = Date.now(); while (Date.now() - t < 20) {} text('second'); for (;;) {}", 'text second');
    expect(events).toEqual(['text first', 'yield', 'text second']);
  });
});
