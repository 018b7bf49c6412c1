// Ajv is loaded by the first call that validates a schema of its dialect, not when the
// executor is imported: a runtime whose first call is a freeform `exec` never waits for it.
import { describe, expect, it, vi } from 'vitest';

// Each factory runs on the module's first import only, so it counts loads. Ajv is
// CommonJS: its exports object is a function, so the mock copies its properties.
const loads = vi.hoisted(() => ({ draft07: 0, draft2020: 0 }));
vi.mock('ajv', async (importOriginal) => {
  loads.draft07 += 1;
  return { ...(await importOriginal<object>()) };
});
vi.mock('ajv/dist/2020.js', async (importOriginal) => {
  loads.draft2020 += 1;
  return { ...(await importOriginal<object>()) };
});

describe('argument validation', () => {
  it('loads Ajv with the first schema of its dialect, and still refuses invalid arguments then', async () => {
    const { textOutput } = await import('@toolcell/core');
    const { countingTool, singleTool } = await import('./test-support/fixtures.js');
    expect(loads).toEqual({ draft07: 0, draft2020: 0 });

    const freeform = singleTool({ ...countingTool('run_code'), kind: 'freeform', jsonFallback: { parameter: 'code', description: 'Code.' }, execute: () => textOutput('ran') } as never);
    await expect(freeform.dispatch('return 1')).resolves.toMatchObject({ status: 'ok' });
    expect(loads).toEqual({ draft07: 0, draft2020: 0 });

    const typed = singleTool(countingTool('move', { inputSchema: { type: 'object', properties: { count: { type: 'integer' } } } }));
    const [first, second] = await Promise.all([typed.dispatch({ count: 'many' }, { callId: 'a' }), typed.dispatch({ count: 2 }, { callId: 'b' })]);
    expect(first).toMatchObject({ status: 'error', code: 'INVALID_ARGS' });
    expect(second).toMatchObject({ status: 'ok' });
    expect(loads).toEqual({ draft07: 1, draft2020: 0 });

    const modern = singleTool(countingTool('modern', { inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['path'] } }));
    await expect(modern.dispatch({})).resolves.toMatchObject({ status: 'error', code: 'INVALID_ARGS' });
    expect(loads.draft2020).toBe(1);
  });
});
