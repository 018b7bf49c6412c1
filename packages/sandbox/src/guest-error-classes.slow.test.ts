import { describe, expect, it } from 'vitest';
import type { GuestToolResponse } from './contract/guest-tool-call.js';
import type { RunProgramRequest, SandboxCells } from './contract/run-program-request.js';
import type { SandboxBinding } from './contract/sandbox-binding.js';
import type { SandboxTransport } from './contract/sandbox-transport.js';
import { everyTransport } from './test-support/both-transports.js';

// What a program catches is what was thrown: the classes the guest API documents (real
// instances of the guest's own TypeError and RangeError, not Errors named so) and whole
// messages (a NUL does not end them). The child and worker halves are slow: their
// children and workers start from sources through tsx.

const fails: SandboxBinding = { jsName: 'fails', canonicalName: 'fails', description: 'Always fails.', kind: 'function' };

const cells: SandboxCells = { storedValues: {}, onStore: () => undefined, onNotify: () => undefined, onYield: () => undefined };

/** What the program returns for the error it caught: its class, as every check sees it. */
const DESCRIBE = `function describe(error) {
  return {
    name: error.name,
    message: error.message,
    type: error instanceof TypeError ? 'TypeError' : error instanceof RangeError ? 'RangeError' : error instanceof Error ? 'Error' : typeof error,
    own: Object.getPrototypeOf(error) === TypeError.prototype || Object.getPrototypeOf(error) === RangeError.prototype,
    tag: Object.prototype.toString.call(error),
  };
}`;

/** What DESCRIBE returns for a real instance of the guest's own TypeError or RangeError. */
function ownError(type: 'TypeError' | 'RangeError', message: string) {
  return { name: type, message, type, own: true, tag: '[object Error]' };
}

describe.each(everyTransport())('errors the guest API throws, %s', (_name: string, transport: SandboxTransport) => {
  async function caught(body: string, extra: Partial<RunProgramRequest> = {}): Promise<unknown> {
    const result = await transport.run({
      source: `${DESCRIBE}\ntry { ${body}; return 'nothing thrown' } catch (error) { return describe(error) }`,
      bindings: [fails],
      onToolBatch: (calls) =>
        calls.map(
          async (): Promise<GuestToolResponse> => ({ ok: false, error: { code: 'EXECUTION_FAILED', message: 'before\u0000after \u2026', callId: 'call\u00001' } }),
        ),
      ...extra,
    });
    expect(result.error).toBeUndefined();
    return result.returnValue;
  }

  it('passes a tool error message through whole, NUL and all', async () => {
    expect(await caught('await tools.fails({})')).toEqual({
      name: 'ToolError',
      message: 'before\u0000after \u2026',
      type: 'Error',
      own: false,
      tag: '[object Error]',
    });
    const result = await transport.run({
      source: 'try { await tools.fails({}) } catch (error) { return [error.code, error.callId, Object.keys(error).sort()] }',
      bindings: [fails],
      onToolBatch: (calls) => calls.map(async (): Promise<GuestToolResponse> => ({ ok: false, error: { code: 'DENIED', message: 'no', callId: 'call\u00001' } })),
    });
    expect(result.returnValue).toEqual(['DENIED', 'call\u00001', ['callId', 'code', 'message', 'name', 'tool']]);
  });

  it('throws a TypeError for a tool that does not exist, naming it whole', async () => {
    expect(await caught('tools.nope')).toEqual(ownError('TypeError', 'tools.nope is not an available tool (available: fails); see ALL_TOOLS'));
    expect(await caught('tools["a\\u0000b"]')).toMatchObject({ message: 'tools.a\u0000b is not an available tool (available: fails); see ALL_TOOLS', type: 'TypeError' });
  });

  it('throws a TypeError for a bad image()', async () => {
    expect(await caught('image("not a data URL")')).toEqual(ownError('TypeError', 'image() takes a "data:<mime type>;base64,<data>" URL or { mimeType, data } with base64 data'));
  });

  it('throws a RangeError for the 1,025th pending timer', async () => {
    expect(await caught('for (let i = 0; i < 1025; i++) setTimeout(() => {}, 60_000)')).toEqual(ownError('RangeError', 'setTimeout: at most 1024 timers may be pending at once'));
  });

  it('throws a RangeError for a store() nested too deeply', async () => {
    expect(await caught('let deep = []; for (let i = 0; i < 600; i++) deep = [deep]; store("k\\u0000", deep)', { cells })).toEqual(ownError('RangeError', 'the value stored under "k\u0000" nests deeper than 512 levels of arrays and objects'));
  });

  it('throws a TypeError for JSON that is not data, naming the member whole', async () => {
    expect(await caught('store("k", { "a\\u0000b": () => 1 })', { cells })).toMatchObject({
      message: 'the value stored under "k" is not JSON data: the member "a\u0000b" is a function, which is not JSON data',
      type: 'TypeError',
      own: true,
    });
  });
});
