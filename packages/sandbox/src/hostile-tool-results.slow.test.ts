import { describe, expect, it } from 'vitest';
import type { GuestToolResponse } from './contract/guest-tool-call.js';
import type { RunProgramRequest } from './contract/run-program-request.js';
import { TOOL_MESSAGE_CHARS } from './host/tool-dispatch.js';
import { everyTransport } from './test-support/both-transports.js';
import { echo } from './test-support/echo-binding.js';

// Whatever a host's onToolBatch answers, on every transport, fails only THAT nested call
// with a catchable rejection, and the program goes on (a second call works). Nothing
// escapes to the host: vitest.setup.ts fails a test on any unhandled rejection.

const transports = everyTransport();

const PROGRAM = `
  let first;
  try { first = { resolved: await tools.echo({ n: 1 }) } }
  catch (error) { first = { name: error.name, code: error.code, message: error.message } }
  const second = await tools.echo({ n: 2 });
  return { first, second };`;

/** Every trap throws; `resolvable` lets it through promise resolution (which reads `then`). */
const hostile = (resolvable = false): Record<string, never> =>
  new Proxy({} as Record<string, never>, {
    get: (_target, key) => {
      if (resolvable && key === 'then') return undefined;
      throw new Error('get trap');
    },
    has: () => { throw new Error('has trap'); },
    ownKeys: () => { throw new Error('ownKeys trap'); },
    getPrototypeOf: () => { throw new Error('getPrototypeOf trap'); },
  });
const cycle = (): unknown => {
  const value: Record<string, unknown> = { name: 'loop' };
  value.self = value;
  return value;
};
const hostileConstructor = (): Promise<GuestToolResponse> => {
  const promise = Promise.resolve<GuestToolResponse>({ ok: true, value: 1 });
  Object.defineProperty(promise, 'constructor', { get: () => { throw new Error('constructor trap'); } });
  return promise;
};

const CASES: Array<[string, () => unknown, RegExp | string]> = [
  ['a rejected promise', () => Promise.reject(new Error('backend down')), 'tools.echo failed in the host: backend down'],
  ['a thenable whose then throws', () => ({ then: () => { throw new Error('then trap'); } }), 'tools.echo failed in the host: then trap'],
  ['a promise with a throwing constructor getter', hostileConstructor, /^(tools\.echo failed in the host: constructor trap|the answer to tools\.echo)/],
  ['an answer whose ok getter throws', async () => ({ get ok(): never { throw new Error('ok getter'); } }), 'the answer to tools.echo could not be passed to the program: reading it threw (ok getter)'],
  ['an answer that is a Proxy with throwing traps', async () => hostile(true), /^the answer to tools\.echo could not be passed to the program: reading it threw \(\w+ trap\)$/],
  ['a result nested 5000 deep', async () => ({ ok: true, value: JSON.parse('['.repeat(5000) + ']'.repeat(5000)) }), 'the result of tools.echo could not be passed to the program: it nests deeper than 512 levels'],
  ['a result with a throwing getter', async () => ({ ok: true, value: { get x(): never { throw new Error('getter boom'); } } }), 'the result of tools.echo could not be passed to the program: reading the member at /x threw (getter boom)'],
  ['a result that is a Proxy with throwing traps', async () => ({ ok: true, value: { inner: hostile() } }), /^the result of tools\.echo could not be passed to the program: reading the member at \/inner threw \(\w+ trap\)$/],
  ['a BigInt', async () => ({ ok: true, value: { size: 10n } }), 'the result of tools.echo could not be passed to the program: the member at /size is a bigint, which is not JSON data'],
  ['a typed array', async () => ({ ok: true, value: { bytes: new Uint8Array(4) } }), 'the result of tools.echo could not be passed to the program: the member at /bytes is a Uint8Array instance, which is not plain JSON data'],
  ['a cycle', async () => ({ ok: true, value: cycle() }), 'the result of tools.echo could not be passed to the program: the member at /self refers back to a value that contains it (a cycle)'],
];

describe.each(transports)('hostile tool results, %s (slow)', (_name, transport) => {
  function run(answer: (call: { id: number }) => unknown) {
    const onToolBatch: RunProgramRequest['onToolBatch'] = (calls) =>
      calls.map((call) => (call.id === 1 ? answer(call) : Promise.resolve({ ok: true, value: call.input }))) as Array<Promise<GuestToolResponse>>;
    return transport.run({ source: PROGRAM, bindings: [echo], onToolBatch });
  }

  it.each(CASES)('%s fails that call with EXECUTION_FAILED, catchably', async (_case, answer, message) => {
    const result = await run(answer);
    expect(result.status).toBe('completed');
    const value = result.returnValue as { first: { name: string; code: string; message: string }; second: unknown };
    expect(value.first).toMatchObject({ name: 'ToolError', code: 'EXECUTION_FAILED' });
    if (typeof message === 'string') expect(value.first.message).toBe(message);
    else expect(value.first.message).toMatch(message);
    expect(value.second).toEqual({ n: 2 });
  });

  it('a 40 MB error message reaches the program cut to the cap, catchably', async () => {
    const result = await run(async () => ({ ok: false, error: { code: 'TOO_CHATTY', message: 'm'.repeat(40_000_000), callId: 'c1' } }));
    const value = result.returnValue as { first: { code: string; message: string }; second: unknown };
    expect(value.first.code).toBe('TOO_CHATTY');
    expect(value.first.message.length).toBeLessThan(TOOL_MESSAGE_CHARS + 100);
    expect(value.first.message).toMatch(/^m+… \[39992000 more characters\]$/);
    expect(value.second).toEqual({ n: 2 });
  });

  it('a rejection with a 40 MB message reaches the program cut short, catchably', async () => {
    const result = await run(() => Promise.reject(new Error('m'.repeat(40_000_000))));
    const value = result.returnValue as { first: { code: string; message: string }; second: unknown };
    expect(value.first.code).toBe('EXECUTION_FAILED');
    expect(value.first.message.length).toBeLessThan(400);
    expect(value.second).toEqual({ n: 2 });
  });
});
