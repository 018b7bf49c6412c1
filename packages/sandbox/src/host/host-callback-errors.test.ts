import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CallbackErrorReporter, RunProgramRequest } from '../contract/run-program-request.js';
import { callSafely } from './call-safely.js';
import { createInProcessTransport } from './in-process-transport.js';

// One policy for host-side failures: a throwing host callback is reported, never swallowed
// and never the program's failure (the executor does the same with `onListenerError`).

const transport = createInProcessTransport({ limits: { cpuBudgetMs: 2_000, memoryBytes: 8 * 1024 * 1024 } });
afterAll(() => transport.close());

function throwing(name: string): () => never {
  return () => {
    throw new Error(`${name} bug`);
  };
}

describe('a throwing host callback', () => {
  it('is reported to onCallbackError, names the callback, and the program goes on', async () => {
    const reported: Array<[string, string]> = [];
    const onCallbackError: CallbackErrorReporter = (error, context) => reported.push([context.callback, error instanceof Error ? error.message : String(error)]);
    const request: RunProgramRequest = {
      source: 'text("a"); store("k", 1); notify("n"); yield_control(); return load("k")',
      bindings: [],
      onToolBatch: () => [],
      onOutput: throwing('onOutput'),
      cells: { storedValues: {}, onStore: throwing('onStore'), onNotify: throwing('onNotify'), onYield: throwing('onYield') },
      onCallbackError,
    };
    const result = await transport.run(request);
    expect(result).toMatchObject({ status: 'completed', returnValue: 1, output: [{ type: 'text', text: 'a' }] });
    expect(reported).toEqual([
      ['onOutput', 'onOutput bug'],
      ['onStore', 'onStore bug'],
      ['onNotify', 'onNotify bug'],
      ['onYield', 'onYield bug'],
    ]);
  });

  it('is printed with console.error when no reporter is given, and a throwing reporter is ignored', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      callSafely({}, 'onStore', throwing('onStore'));
      expect(printed).toHaveBeenCalledWith("toolcell: the sandbox's onStore callback threw; the program went on.", expect.objectContaining({ message: 'onStore bug' }));
      expect(() => callSafely({ onCallbackError: throwing('reporter') }, 'onYield', throwing('onYield'))).not.toThrow();
      expect(printed).toHaveBeenCalledTimes(1);
    } finally {
      printed.mockRestore();
    }
  });
});
