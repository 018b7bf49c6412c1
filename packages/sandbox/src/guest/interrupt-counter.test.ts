import { describe, expect, it } from 'vitest';
import { InterruptCounter } from './interrupt-counter.js';
import { createQuickJsInstance, memoryCapBytes } from './quickjs-instance.js';

describe('InterruptCounter', () => {
  // The counter is found in the pinned QuickJS build; a build that moves it fails here
  // rather than leaving programs with QuickJS's own cadence unnoticed.
  it('finds QuickJS’s interrupt counter in this build, and what it sets is how often QuickJS polls', async () => {
    const instance = await createQuickJsInstance(memoryCapBytes(8 * 1024 * 1024));
    const runtime = instance.quickjs.newRuntime();
    const context = runtime.newContext();
    try {
      const counter = InterruptCounter.locate(instance.memory, runtime, context);
      expect(counter).toBeDefined();
      const pollsOver = (count: number): number => {
        let polls = 0;
        runtime.setInterruptHandler(() => {
          polls += 1;
          counter?.set(count);
          return false;
        });
        counter?.set(count);
        context.evalCode('for (let i = 0; i < 5000; i++) {}').dispose();
        runtime.removeInterruptHandler();
        return polls;
      };
      // Each iteration counts down once or twice (the loop's jump and its test).
      expect(pollsOver(10)).toBeGreaterThanOrEqual(500);
      expect(pollsOver(1000)).toBeLessThanOrEqual(10);
    } finally {
      context.dispose();
      runtime.dispose();
    }
  });
});
