// `cell-end` carries the program's wall and guest CPU time (tracing puts them on the exec span).
import { expect, it } from 'vitest';
import { harnessPerTest } from './test-support/harness-per-test.js';

const harness = harnessPerTest({ cells: true });

it('cell-end reports the wall and CPU time of the program', async () => {
  const h = harness();
  const ends: Array<{ wallMs: number; cpuMs: number }> = [];
  h.codeMode.events.on('cell-end', (event) => ends.push({ wallMs: event.wallMs, cpuMs: event.cpuMs }));
  await h.exec(`let sum = 0; for (let index = 0; index < 1000; index += 1) sum += index; return sum;`);
  expect(ends).toHaveLength(1);
  expect(ends[0]?.wallMs).toBeGreaterThan(0);
  expect(ends[0]?.cpuMs).toBeGreaterThanOrEqual(0);
});
