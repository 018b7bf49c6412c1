import { afterAll, describe, expect, it } from 'vitest';
import { createInProcessTransport } from '../host/in-process-transport.js';
import { DURABLE_BINDINGS, durableFor, parkAllButMul } from '../test-support/durable-fixtures.js';

// Slow: 30 MB of live data is built, sealed and restored.
const transport = createInProcessTransport({ limits: { memoryBytes: 128 * 1024 * 1024 } });
afterAll(() => transport.close());

describe('a durable program with a large heap', () => {
  it('is suspended and resumed with 30 MB of live data, its memory grown past the module’s first 16 MiB', async () => {
    const first = await transport.runDurable({
      source: `
        const parts = Array.from({ length: 30000 }, (_, i) => (i + ':').padEnd(1000, String.fromCharCode(97 + (i % 26))));
        const verdict = await tools.approve({});
        return [verdict, parts.length, parts[29999].slice(0, 8), parts.reduce((sum, part) => sum + part.length, 0)];
      `,
      bindings: DURABLE_BINDINGS,
      onToolBatch: parkAllButMul,
      durable: durableFor(),
    });
    if (first.status !== 'suspended') throw new Error(`not suspended: ${JSON.stringify(first).slice(0, 500)}`);
    const second = await transport.resume({ snapshot: first.snapshot, answers: [{ id: 1, response: { ok: true, value: 'ok' } }], onToolBatch: parkAllButMul, durable: durableFor() });
    expect(second).toMatchObject({ status: 'completed', returnValue: ['ok', 30000, '29999:vv', 30_000_000] });
  });
});
