// An exec that answers while its program computes carries what the program printed before
// the answer, on the transports whose guest has a thread of its own (issue 28): the
// program never ends by itself (the harness's CPU budget is out of reach), the test ends it.
import type { CallOutcome, JsonObject } from '@toolcell/core';
import type { SandboxTransport } from '@toolcell/sandbox';
import { createChildProcessTransport, createWorkerTransport } from '@toolcell/sandbox/node';
import { describe, expect, it, vi } from 'vitest';
import { harnessPerTest } from './test-support/harness-per-test.js';

const harness = harnessPerTest({ cells: true });
const result = (outcome: CallOutcome) => outcome.output.result.value as JsonObject;
const cellOf = (outcome: CallOutcome) => String(result(outcome).cell_id);

/** Children and workers start from sources through tsx here, which takes seconds on a busy machine. */
const SLOW_MS = 60_000;

const TRANSPORTS: Array<[string, () => SandboxTransport]> = [
  ['child process', () => createChildProcessTransport({ pool: { size: 1 } })],
  ['worker thread', () => createWorkerTransport({ pool: { size: 1 } })],
];

/** `inner`, telling `printed` once the first output item has reached the host. */
function noticingOutput(inner: SandboxTransport, printed: () => void): SandboxTransport {
  return {
    run: (request) =>
      inner.run({
        ...request,
        onOutput: (item) => {
          request.onOutput?.(item);
          printed();
        },
      }),
    resolveLimits: (limits) => inner.resolveLimits(limits),
    close: () => inner.close(),
  };
}

describe.each(TRANSPORTS)('exec answered while the program computes, %s (slow)', (_name, createTransport) => {
  it('answers at yield_control() with the text printed before it', async () => {
    const h = harness({ transport: createTransport() });
    const started = await h.exec(`// @exec: {"yield_time_ms": 600000}\ntext('before'); yield_control(); for (;;) {}`);
    expect(result(started)).toMatchObject({ status: 'running', text: 'before' });
    expect(result(await h.wait({ cell_id: cellOf(started), terminate: true }))).toMatchObject({ status: 'terminated' });
  }, SLOW_MS);

  it('answers at yield_time_ms with the text printed before it', async () => {
    let printed: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (printed = resolve));
    const h = harness({ transport: noticingOutput(createTransport(), () => printed()) });
    // The yield time passes when the test says so: once the text has reached the host.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let started: CallOutcome;
    try {
      const answer = h.exec(`// @exec: {"yield_time_ms": 300}\ntext('before'); for (;;) {}`);
      await arrived;
      vi.advanceTimersByTime(300);
      started = await answer;
    } finally {
      vi.useRealTimers();
    }
    expect(result(started)).toMatchObject({ status: 'running', text: 'before' });
    expect(result(await h.wait({ cell_id: cellOf(started), terminate: true }))).toMatchObject({ status: 'terminated' });
  }, SLOW_MS);
});
