// A call the program issued but did not await before it returned still reaches the host,
// flagged `unawaited`, before the program's result: no attempted call is invisible.
import { describe, expect, it } from 'vitest';
import type { GuestToolCall } from './contract/guest-tool-call.js';
import { resolveSandboxLimits } from './contract/sandbox-limits.js';
import { createInProcessTransport } from './host/in-process-transport.js';
import { childFrameCaps, childFrames, parseChildMessage } from './shared/protocol-messages.js';

const bindings = [{ jsName: 'write', canonicalName: 'write', description: 'Write.', kind: 'function' as const }];

describe('unawaited calls', () => {
  it('are handed to onToolBatch flagged unawaited, before the result', async () => {
    const transport = createInProcessTransport();
    const seen: Array<GuestToolCall | 'result'> = [];
    const result = await transport.run({
      source: `tools.write({ n: 1 }); await Promise.resolve(); tools.write({ n: 2 }); return 'done';`,
      bindings,
      onToolBatch: (calls) => {
        seen.push(...calls);
        return calls.map(() => new Promise(() => undefined));
      },
    });
    seen.push('result');
    await transport.close();
    expect(result).toMatchObject({ status: 'completed', returnValue: 'done' });
    expect(seen).toEqual([{ id: 1, jsName: 'write', input: { n: 1 }, unawaited: true }, { id: 2, jsName: 'write', input: { n: 2 }, unawaited: true }, 'result']);
  });

  it('keep their flag across the child-process protocol', () => {
    const frame = childFrames.toolBatch([{ id: 1, jsName: 'write', inputJson: '{"n":1}', unawaited: true }, { id: 2, jsName: 'write', inputJson: '{}' }]);
    const run = { bindings: new Map(bindings.map((binding) => [binding.jsName, binding])), seenCallIds: new Set<number>(), cells: false };
    const message = parseChildMessage(frame, Buffer.byteLength(frame), childFrameCaps(resolveSandboxLimits({})), run);
    expect(message).toEqual({ type: 'toolBatch', calls: [{ id: 1, jsName: 'write', input: { n: 1 }, unawaited: true }, { id: 2, jsName: 'write', input: {} }] });
  });
});
