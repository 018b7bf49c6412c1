import { describe, expect, it } from 'vitest';
import type { GuestToolCall, GuestToolResponse } from '../contract/guest-tool-call.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { dispatchToolBatch, encodeToolResponse } from './tool-dispatch.js';
import type { EncodedResponse } from './tool-dispatch.js';

const limits = resolveSandboxLimits({ maxMessageBytes: 1024 });
const call: GuestToolCall = { id: 1, jsName: 'read', input: {} };

describe('encodeToolResponse', () => {
  it('encodes a value and an error detail', () => {
    expect(encodeToolResponse({ ok: true, value: { a: [1] } }, call, limits)).toEqual({ ok: true, json: '{"a":[1]}' });
    expect(encodeToolResponse({ ok: true, value: undefined }, call, limits)).toEqual({ ok: true, json: 'null' });
    expect(encodeToolResponse({ ok: false, error: { code: 'DENIED', message: 'no', callId: 'c1' } }, call, limits)).toEqual({
      ok: false,
      json: '{"code":"DENIED","message":"no","callId":"c1"}',
    });
  });

  it('turns host mistakes into failed calls', () => {
    const failure = (response: unknown) => JSON.parse(encodeToolResponse(response, call, limits).json) as { code: string; message: string };
    expect(failure('nope')).toEqual({ code: 'EXECUTION_FAILED', message: 'the host answered tools.read with something that is not a tool response' });
    expect(failure({ ok: 'yes' })).toEqual({ code: 'EXECUTION_FAILED', message: 'the host answered tools.read with something that is not a tool response' });
    expect(failure({ ok: true, value: 1n })).toEqual({
      code: 'EXECUTION_FAILED',
      message: 'the result of tools.read could not be passed to the program: the value is a bigint, which is not JSON data',
    });
    expect(failure({ ok: false, error: {} })).toEqual({ code: 'EXECUTION_FAILED', message: 'tools.read failed' });
  });

  it('fails a result over maxMessageBytes with EXEC_OUTPUT_LIMIT', () => {
    expect(JSON.parse(encodeToolResponse({ ok: true, value: 'x'.repeat(2000) }, call, limits).json)).toEqual({
      code: 'EXEC_OUTPUT_LIMIT',
      message: "the result of tools.read could not be passed to the program: it is over the sandbox's limit of 1024 bytes of JSON for one message",
    });
  });
});

describe('dispatchToolBatch', () => {
  const run = async (onToolBatch: RunProgramRequest['onToolBatch'], calls: GuestToolCall[] = [call]) => {
    const delivered: Array<[number, EncodedResponse]> = [];
    dispatchToolBatch({ source: '', bindings: [], onToolBatch }, calls, limits, (id, response) => delivered.push([id, response]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return delivered.map(([id, response]) => [id, response.ok, JSON.parse(response.json)]);
  };

  it('routes each answer to its call', async () => {
    const calls = [call, { id: 2, jsName: 'read', input: { n: 2 } }];
    expect(await run((batch) => batch.map((item) => Promise.resolve<GuestToolResponse>({ ok: true, value: item.id })), calls)).toEqual([
      [1, true, 1],
      [2, true, 2],
    ]);
  });

  it('fails every call when onToolBatch throws', async () => {
    expect(
      await run(() => {
        throw new Error('registry gone');
      }),
    ).toEqual([[1, false, { code: 'EXECUTION_FAILED', message: 'the host failed to start tools.read: registry gone' }]]);
  });

  it('fails a call without a promise, or whose promise rejects', async () => {
    expect(await run(() => [])).toEqual([[1, false, { code: 'EXECUTION_FAILED', message: 'the host returned no answer for tools.read' }]]);
    expect(await run(() => [Promise.reject(new Error('boom'))])).toEqual([
      [1, false, { code: 'EXECUTION_FAILED', message: 'tools.read failed in the host: boom' }],
    ]);
  });
});
