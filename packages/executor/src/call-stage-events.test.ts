// `call-stage`: the policy stages a call passed, in order, with the approval wait and the
// output budget; and the additions to `call-resolve` and `call-end` that tracing reads.
import type { FunctionToolDefinition, JsonObject } from '@toolcell/core';
import { textOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import type { CallEndEvent, CallResolveEvent, CallStageEvent } from './runtime-events.js';
import { ToolRuntime } from './tool-runtime.js';

const write: FunctionToolDefinition<JsonObject> = {
  kind: 'function',
  name: 'write_file',
  description: 'Write a file.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  needsApproval: true,
  outputBudget: 4,
  execute: () => textOutput('written, all of it'),
};

function runtimeWith(approve: boolean) {
  const registry = new ToolRegistry({ mode: 'code_mode' });
  registry.register(write);
  const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: approve ? 'approve' : 'deny' }) } });
  runtime.onPreExecute((call) => ({ type: 'rewrite', args: { ...(call.args as JsonObject), path: 'b.txt' } }));
  runtime.addGuard(() => ({ type: 'allow' }));
  runtime.onPostExecute(() => undefined);
  const stages: CallStageEvent[] = [];
  runtime.events.on('call-stage', (event) => stages.push(event));
  return { registry, runtime, stages };
}

describe('call-stage events', () => {
  it('follow a call through every stage, with the approval wait and the budget', async () => {
    const { registry, runtime, stages } = runtimeWith(true);
    await runtime.dispatch({ name: 'write_file', args: { path: 'a.txt' }, callId: 'c1', scope: registry.root });
    expect(stages.map((event) => [event.stage, event.result])).toEqual([
      ['validated', 'pass'],
      ['pre-execute', 'rewrite'],
      ['guard', 'allow'],
      ['approval-requested', undefined],
      ['approval', 'approve'],
      ['post-execute', 'keep'],
      ['output-truncated', undefined],
    ]);
    expect(stages[4]?.waitMs).toBeGreaterThanOrEqual(0);
    expect(stages[6]?.budget).toBe(4);
    expect(stages.every((event) => event.callId === 'c1' && event.toolName === 'write_file')).toBe(true);
  });

  it('end at a denied approval', async () => {
    const { registry, runtime, stages } = runtimeWith(false);
    await runtime.dispatch({ name: 'write_file', args: { path: 'a.txt' }, callId: 'c1', scope: registry.root });
    expect(stages.map((event) => `${event.stage}:${event.result ?? ''}`).slice(-2)).toEqual(['approval-requested:', 'approval:deny']);
  });

  it('are not emitted for a call refused at resolve', async () => {
    const { registry, runtime, stages } = runtimeWith(true);
    await runtime.dispatch({ name: 'nope', args: {}, callId: 'c1', scope: registry.root });
    expect(stages).toEqual([]);
  });

  it('come with the mode, read-only flag and arguments at resolve, and the outcome at the end', async () => {
    const { registry, runtime } = runtimeWith(true);
    const resolved: CallResolveEvent[] = [];
    const ended: CallEndEvent[] = [];
    runtime.events.on('call-resolve', (event) => resolved.push(event));
    runtime.events.on('call-end', (event) => ended.push(event));
    const args = { path: 'a.txt' };
    const outcome = await runtime.dispatch({ name: 'write_file', args, callId: 'c1', scope: registry.root });
    expect(resolved[0]).toMatchObject({ mode: 'code_mode', readOnly: false });
    expect(resolved[0]?.args).toBe(args);
    expect(ended[0]?.outcome).toBe(outcome);
  });
});
