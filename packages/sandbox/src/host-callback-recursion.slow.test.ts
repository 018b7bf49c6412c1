import { describe, expect, it } from 'vitest';
import type { GuestToolResponse } from './contract/guest-tool-call.js';
import { everyTransport } from './test-support/both-transports.js';
import { echo } from './test-support/echo-binding.js';

// Endless recursion that goes through host functions (a toJSON or a getter that calls the
// same host function again) ends EXEC_STACK like plain recursion, on every transport and
// stack sizes, never EXEC_CRASHED; and the transport serves the next program.

const transports = everyTransport();

const RECURSIONS: Array<[string, string]> = [
  ['setTimeout', 'function f() { setTimeout(() => {}, { toJSON() { f(); return 1 } }) } f()'],
  ['store', 'function f() { store("k", { toJSON() { f(); return 1 } }) } f()'],
  ['notify', 'function f() { notify({ toJSON() { f(); return 1 } }) } f()'],
  ['text', 'function f() { text({ toJSON() { f(); return 1 } }) } f()'],
  ['image', 'function f() { image({ get mimeType() { f(); return "image/png" }, data: "" }) } f()'],
  ['a tool input', 'function f() { tools.echo({ a: { toJSON() { f(); return 1 } } }) } f()'],
];

describe.each(transports)('recursion through host functions, %s (slow)', (_name, transport) => {
  const cells = { storedValues: {}, onStore: () => undefined, onNotify: () => undefined, onYield: () => undefined };
  const run = (source: string, stackBytes: number) =>
    transport.run({
      source,
      bindings: [echo],
      limits: { stackBytes },
      cells,
      onToolBatch: (calls) => calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: 1 })),
    });

  it.each(RECURSIONS.flatMap(([name, source]) => [64 * 1024, 256 * 1024].map((stackBytes) => [name, stackBytes, source] as const)))(
    'through %s with a %i-byte stack ends EXEC_STACK',
    async (_case, stackBytes, source) => {
      const result = await run(source, stackBytes);
      expect(result.error).toMatchObject({ code: 'EXEC_STACK' });
      expect((await run('return "still serving"', stackBytes)).returnValue).toBe('still serving');
    },
  );
});
