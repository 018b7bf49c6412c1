import { ToolcellError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { MAX_JSON_DEPTH } from './json-depth.js';
import { guestEventFrame } from './guest-events.js';
import { childFrameCaps, childFrames, parentFrames, parseChildMessage } from './protocol-messages.js';
import type { RunExpectations } from './protocol-messages.js';

const limits = resolveSandboxLimits({ maxResultBytes: 1024 });
const caps = childFrameCaps(limits);
const bindings: SandboxBinding[] = [
  { jsName: 'read', canonicalName: 'read', description: 'Read', kind: 'function' },
  { jsName: 'patch', canonicalName: 'apply-patch', description: 'Patch', kind: 'freeform' },
];
const expectations = (cells = false): RunExpectations => ({
  bindings: new Map(bindings.map((binding) => [binding.jsName, binding])),
  seenCallIds: new Set(),
  cells,
});
const parse = (json: string, run: RunExpectations | 'idle' = expectations()) =>
  parseChildMessage(json, Buffer.byteLength(json), caps, run === 'idle' ? undefined : run);

function protocolError(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(ToolcellError.isInstance(error) && error.code).toBe('PROTOCOL_ERROR');
    return (error as Error).message;
  }
  throw new Error('expected a protocol error');
}

describe('child frames', () => {
  it('round-trip through the parent parser, guest JSON embedded as is', () => {
    const run = expectations(true);
    expect(parse(childFrames.toolBatch([{ id: 1, jsName: 'read', inputJson: '{"path":"a"}' }, { id: 2, jsName: 'patch', inputJson: '"diff"' }]), run)).toEqual({
      type: 'toolBatch',
      calls: [
        { id: 1, jsName: 'read', input: { path: 'a' } },
        { id: 2, jsName: 'patch', input: 'diff' },
      ],
    });
    expect(parse(guestEventFrame({ type: 'output', item: { type: 'text', text: 'hi' } }), run)).toEqual({ type: 'output', item: { type: 'text', text: 'hi' } });
    expect(parse(guestEventFrame({ type: 'store', key: 'k', valueJson: '[1]' }), run)).toEqual({ type: 'store', key: 'k', value: [1] });
    expect(parse(guestEventFrame({ type: 'notify', valueJson: '"n"' }), run)).toEqual({ type: 'notify', value: 'n' });
    expect(parse(guestEventFrame({ type: 'yield' }), run)).toEqual({ type: 'yield' });
    expect(parse(childFrames.ready(), 'idle')).toEqual({ type: 'ready' });
    expect(parse(childFrames.result({ status: 'completed', returnJson: '{"x":1}', cpuMs: 1.5, toolCalls: 2, reusable: true }))).toEqual({
      type: 'result',
      status: 'completed',
      returnValue: { x: 1 },
      cpuMs: 1.5,
      toolCalls: 2,
      reusable: true,
    });
    const failed = childFrames.result({ status: 'failed', error: { code: 'EXEC_RUNTIME', message: 'boom', stack: 'at x' }, cpuMs: 0, toolCalls: 0, reusable: true });
    expect(parse(failed)).toMatchObject({ status: 'failed', error: { code: 'EXEC_RUNTIME', message: 'boom', stack: 'at x' } });
  });
});

describe('parent frames', () => {
  it('build a tool result as the same text JSON.stringify makes of the message', () => {
    const payloads = ['{"i":1}', '"a \\"quoted\\" \\\\ line\\nbreak"', '{"t":"é 😀 \u2028 \ud800"}', '', 'null'];
    for (const payload of payloads) {
      for (const ok of [true, false]) {
        const message = { type: 'toolResult', id: 9_007_199_254_740_991, ok, payload };
        expect(parentFrames.toolResult(message.id, ok, payload)).toBe(JSON.stringify(message));
        expect(JSON.parse(parentFrames.toolResult(message.id, ok, payload))).toEqual(message);
      }
    }
  });
});

describe('parseChildMessage refuses', () => {
  it.each([
    ['text that is not JSON', '{"type":', 'sandbox protocol error: a frame is not JSON'],
    ['an unknown type', '{"type":"exec"}', 'sandbox protocol error: a frame has no known type'],
    ['an inherited type name', '{"type":"constructor"}', 'sandbox protocol error: a frame has no known type'],
    ['an empty batch', '{"type":"toolBatch","calls":[]}', 'sandbox protocol error: a tool batch has no calls'],
    ['an unknown binding', '{"type":"toolBatch","calls":[{"id":1,"jsName":"exec","input":{}}]}', 'sandbox protocol error: a tool call names an unknown binding "exec"'],
    ['a misnumbered call', '{"type":"toolBatch","calls":[{"id":0,"jsName":"read","input":{}}]}', 'sandbox protocol error: a tool call reuses or misnumbers id 0'],
    ['a string for a function tool', '{"type":"toolBatch","calls":[{"id":1,"jsName":"read","input":"x"}]}', 'sandbox protocol error: the input of tools.read has the wrong type'],
    ['an object for a freeform tool', '{"type":"toolBatch","calls":[{"id":1,"jsName":"patch","input":{}}]}', 'sandbox protocol error: the input of tools.patch has the wrong type'],
    ['an output item without a type', '{"type":"output","item":{"text":"x"}}', 'sandbox protocol error: an output item has no known type'],
    ['media without data', '{"type":"output","item":{"type":"image","mimeType":"image/png"}}', 'sandbox protocol error: a media item lacks mimeType or data'],
    ['a store without cells', '{"type":"store","key":"k","value":1}', 'sandbox protocol error: an unexpected or malformed store'],
    ['a notify without cells', '{"type":"notify","value":1}', 'sandbox protocol error: an unexpected or malformed notify'],
    ['a yield without cells', '{"type":"yield"}', 'sandbox protocol error: an unexpected yield'],
    ['a result with a bad status', '{"type":"result","status":"ok","cpuMs":0,"toolCalls":0,"reusable":true}', 'sandbox protocol error: a result has no valid status'],
    ['a failure without an exec code', '{"type":"result","status":"failed","error":{"code":"DENIED","message":"x"},"cpuMs":0,"toolCalls":0,"reusable":true}', 'sandbox protocol error: a failed result has no valid error'],
    ['malformed figures', '{"type":"result","status":"completed","cpuMs":"1","toolCalls":0,"reusable":true}', 'sandbox protocol error: a result has malformed figures'],
  ])('%s', (_case, json, message) => {
    expect(protocolError(() => parse(json))).toBe(message);
  });

  it('a reused call id', () => {
    const run = expectations();
    parse('{"type":"toolBatch","calls":[{"id":1,"jsName":"read","input":{}}]}', run);
    expect(protocolError(() => parse('{"type":"toolBatch","calls":[{"id":1,"jsName":"read","input":{}}]}', run))).toBe(
      'sandbox protocol error: a tool call reuses or misnumbers id 1',
    );
  });

  it('a frame over the cap of its kind', () => {
    const json = `{"type":"result","status":"completed","cpuMs":0,"toolCalls":0,"reusable":true,"returnValue":"${'x'.repeat(70 * 1024)}"}`;
    expect(protocolError(() => parse(json))).toMatch(/^sandbox protocol error: the result frame of \d+ bytes is over its limit of 66560 bytes$/);
    expect(protocolError(() => parse(`{"type":"ready","pad":"${'x'.repeat(5000)}"}`, 'idle'))).toMatch(/the ready frame of \d+ bytes is over its limit of 4096 bytes/);
  });

  it('data nested deeper than MAX_JSON_DEPTH, and accepts it at the limit', () => {
    const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
    const run = expectations(true);
    for (const depth of [MAX_JSON_DEPTH + 1, 100_000]) {
      expect(protocolError(() => parse(guestEventFrame({ type: 'store', key: 'k', valueJson: nested(depth) }), run))).toBe(`sandbox protocol error: the store frame nests deeper than ${MAX_JSON_DEPTH} levels`);
      expect(protocolError(() => parse(guestEventFrame({ type: 'notify', valueJson: nested(depth) }), run))).toBe(`sandbox protocol error: the notify frame nests deeper than ${MAX_JSON_DEPTH} levels`);
      expect(protocolError(() => parse(childFrames.toolBatch([{ id: 1, jsName: 'read', inputJson: `{"a":${nested(depth - 1)}}` }]), run))).toBe(
        `sandbox protocol error: the toolBatch frame nests deeper than ${MAX_JSON_DEPTH} levels`,
      );
    }
    // (A result frame of 100,000 levels is refused by its byte cap first.)
    expect(protocolError(() => parse(childFrames.result({ status: 'completed', returnJson: nested(MAX_JSON_DEPTH + 1), cpuMs: 0, toolCalls: 0, reusable: true })))).toBe(
      `sandbox protocol error: the result frame nests deeper than ${MAX_JSON_DEPTH} levels`,
    );
    expect(parse(guestEventFrame({ type: 'store', key: 'k', valueJson: nested(MAX_JSON_DEPTH) }), run)).toMatchObject({ type: 'store', key: 'k' });
    expect(parse(childFrames.toolBatch([{ id: 9, jsName: 'read', inputJson: `{"a":${nested(MAX_JSON_DEPTH - 1)}}` }]), run)).toMatchObject({ type: 'toolBatch' });
  });

  it('program messages while no program runs', () => {
    expect(protocolError(() => parse(guestEventFrame({ type: 'output', item: { type: 'text', text: 'x' } }), 'idle'))).toBe(
      'sandbox protocol error: an unexpected output frame: no program runs',
    );
  });
});
