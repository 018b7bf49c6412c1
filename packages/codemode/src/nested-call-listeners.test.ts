// Many nested calls in flight share one program signal: no MaxListenersExceededWarning.
import { afterEach, describe, expect, it } from 'vitest';
import { harnessPerTest } from './test-support/harness-per-test.js';

const harness = harnessPerTest();
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
afterEach(async () => {
  process.off('warning', onWarning);
});

describe('nested calls and abort listeners', () => {
  it('50 nested calls in flight at once raise no MaxListenersExceededWarning', async () => {
    const h = harness();
    warnings.length = 0;
    process.on('warning', onWarning);
    const outcome = await h.exec(`
      const all = await Promise.all(Array.from({ length: 50 }, () => tools.read_file({ path: 'a.txt' })));
      return all.length;
    `);
    expect((outcome.output.result.value as { return_value?: unknown }).return_value).toBe(50);
    // Node emits warnings on process.nextTick: let them arrive before looking.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
