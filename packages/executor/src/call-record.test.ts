import type { FunctionToolDefinition } from '@toolcell/core';
import { MODEL_SOURCE, ToolcellError, jsonOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { CallLane } from './call-lane.js';
import { CallRecord } from './call-record.js';

const registry = new ToolRegistry({ mode: 'code_mode' });

function tool(name: string, readOnly: boolean): FunctionToolDefinition {
  return { kind: 'function', name, description: name, inputSchema: { type: 'object' }, readOnly, execute: () => jsonOutput({}) };
}

function record(callId = 'call_1'): CallRecord {
  const identity = { callId, name: 'read', source: MODEL_SOURCE, scope: registry.root, parentCallId: undefined, callerSignal: undefined };
  return new CallRecord(identity, { callerAborted: () => undefined, timedOut: () => undefined }, false);
}

const lane = new CallLane<CallRecord>(1, () => undefined);

describe('CallRecord transitions', () => {
  it('fails closed until admitted: a refusal, run alone', () => {
    const call = record();
    expect(call.admission).toEqual({ type: 'refuse', refusal: expect.objectContaining({ code: 'EXECUTION_FAILED' }) });
    expect(call.exclusive).toBe(true);
    expect(call.waiting).toBe(true);
  });

  it('takes the resolution once, at submit; a second one is a bug and throws', () => {
    const call = record();
    const read = tool('read', true);
    call.resolved({ type: 'callable', tool: read, category: 'ordinary', jsName: 'read' }, { path: 'a' });
    expect(call.resolution).toEqual({ type: 'callable', tool: read, category: 'ordinary', jsName: 'read' });
    expect([call.tool, call.toolName, call.jsName, call.args, call.exclusive]).toEqual([read, 'read', 'read', { path: 'a' }, false]);
    expect(() => call.resolved({ type: 'unknown', name: 'read' }, {})).toThrow('call call_1 was resolved twice');
    expect(call.tool).toBe(read);
  });

  it('a refusal at admission runs alone and names the resolve stage', () => {
    const call = record();
    call.resolved({ type: 'callable', tool: tool('read', true), category: 'ordinary', jsName: undefined }, {});
    call.admit({ type: 'refuse', refusal: { code: 'INVALID_ARGS', message: 'no' } }, lane);
    expect([call.exclusive, call.deniedAt, call.lane]).toEqual([true, 'resolve', lane]);
  });

  it('ends once, telling whether it was running', () => {
    const waited = record('call_w');
    expect(waited.end()).toEqual({ wasRunning: false });
    expect(waited.end()).toBeUndefined();
    const ran = record('call_r');
    ran.begin();
    expect([ran.state, ran.waiting]).toEqual(['running', false]);
    expect(ran.end()).toEqual({ wasRunning: true });
    expect(ran.state).toBe('done');
  });

  it("finalizes the resolved tool, or a collapsed tool's only when the call was cancelled on arrival", () => {
    const visible = tool('read', false);
    const collapsed = record('call_c');
    collapsed.resolved({ type: 'collapsed', tool: visible, jsName: 'read' }, {});
    expect(collapsed.finalizeTool).toBeUndefined();
    collapsed.cancelledOnArrival();
    expect(collapsed.finalizeTool).toBe(visible);
    const callable = record('call_x');
    callable.resolved({ type: 'callable', tool: visible, category: 'ordinary', jsName: undefined }, {});
    expect(callable.finalizeTool).toBe(visible);
  });

  it('aborts a signal handed out before or after the abort', () => {
    const before = record('call_b');
    const early = before.signal;
    const reason = new ToolcellError({ code: 'ABORTED', message: 'stop' });
    before.abort(reason);
    expect([early.aborted, early.reason]).toEqual([true, reason]);
    const after = record('call_a');
    after.abort(reason);
    expect(after.signal.aborted).toBe(true);
  });
});
