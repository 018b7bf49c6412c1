// Durable approvals through the Agents SDK's own interruptions: a nested call whose tool
// needs approval interrupts the run at exec's call; the RunState, saved to a string, is
// restored in a NEW codeModeTool on the same store (as another process would), approved or
// rejected, and run again — the program resumes from its snapshot. Every side effect is counted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunContext } from '@openai/agents';
import { Agent, RunState, defineToolInputGuardrail, run, tool } from '@openai/agents';
import type { ExecResult } from '@toolcell/codemode';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { createInProcessTransport } from '@toolcell/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CodeModeTool } from './index.js';
import { codeModeTool } from './index.js';
import { ScriptedModel } from './test-support/scripted-model.js';

interface AppContext {
  readonly user: string;
}

const effects: string[] = [];
const guarded: string[] = [];
const seenBy = defineToolInputGuardrail({
  name: 'seen_by',
  run: async ({ agent, toolCall }) => (guarded.push(`${agent?.name}:${toolCall.arguments}`), { behavior: { type: 'allow' }, outputInfo: undefined }),
});
const tools = [
  tool({
    name: 'delete_user',
    description: 'Delete a user.',
    parameters: z.object({ id: z.string() }),
    needsApproval: true,
    inputGuardrails: [seenBy],
    errorFunction: null,
    execute: async ({ id }, runContext?: RunContext<AppContext>) => (effects.push(`delete ${id} for ${runContext?.context.user}`), `deleted ${id}`),
  }),
  tool({
    name: 'log_event',
    description: 'Log an event.',
    parameters: z.object({ text: z.string() }),
    errorFunction: null,
    execute: async ({ text }) => (effects.push(`log ${text}`), 'logged'),
  }),
];
const KEYS = { current: { id: 'k1', secret: 'a-test-secret-of-at-least-32-bytes!!' } };

let directory: string;
let open: CodeModeTool[];
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcell-agents-durable-'));
  open = [];
  effects.length = 0;
  guarded.length = 0;
});
afterEach(async () => {
  for (const exec of open) await exec.close();
  await rm(directory, { recursive: true, force: true });
});

/** A process: its own exec over the shared store, an agent with it, and the typed results it reported. */
function process(model: ScriptedModel) {
  const results: ExecResult[] = [];
  const exec = codeModeTool(tools, {
    transport: createInProcessTransport(),
    durable: { store: new FileDurableStore({ directory }), keys: KEYS },
    onResult: (result) => results.push(result),
  });
  open.push(exec);
  const agent = new Agent<AppContext>({ name: 'support', model, tools: [...exec.tools] });
  return { exec, agent, results };
}

const PROGRAM = 'await tools.log_event({ text: "start" }); text("deleting"); return await tools.delete_user({ id: "u1" });';

/** Runs the program until the run is interrupted; returns the saved RunState. */
async function interrupted(code: string) {
  const first = process(ScriptedModel.exec(code));
  const result = await run(first.agent, 'Delete u1.', { context: { user: 'ada' } });
  expect(result.interruptions.map((item) => [item.name, item.rawItem.type === 'function_call' ? item.rawItem.callId : undefined])).toEqual([['exec', 'call_1']]);
  return { first, saved: result.state.toString() };
}

describe('durable approvals through run', () => {
  it('a nested call needing approval interrupts the run at exec; approved on the restored RunState in a new process, the program resumes and nothing runs twice', async () => {
    const { first, saved } = await interrupted(PROGRAM);
    expect(effects).toEqual(['log start']);
    expect((await first.exec.pendingApprovals('call_1')).map((approval) => [approval.toolName, approval.args])).toEqual([['delete_user', 'id: "u1"']]);

    const second = process(new ScriptedModel([{ text: 'deleted' }]));
    const state = await RunState.fromString(second.agent, saved);
    for (const item of state.getInterruptions()) state.approve(item);
    const result = await run(second.agent, state);
    expect(result.finalOutput).toBe('deleted');
    expect(second.results).toEqual([expect.objectContaining({ status: 'completed', text: 'deleting', return_value: 'deleted u1' })]);
    expect(effects).toEqual(['log start', 'delete u1 for ada']);
    // The nested call's guardrail ran in each process, with the agent: at the park, and before it ran.
    expect(guarded).toEqual(['support:{"id":"u1"}', 'support:{"id":"u1"}']);
    expect(await second.exec.pendingApprovals('call_1')).toEqual([]);
  });

  it('a streamed run is interrupted the same way (the stream shows the approval request) and a streamed run of the approved state resumes the program', async () => {
    const first = process(ScriptedModel.exec(PROGRAM));
    const streamed = await run(first.agent, 'Delete u1.', { context: { user: 'ada' }, stream: true });
    const names: string[] = [];
    for await (const event of streamed) if (event.type === 'run_item_stream_event') names.push(event.name);
    await streamed.completed;
    expect(names).toEqual(['tool_called', 'tool_approval_requested']);
    expect(streamed.interruptions.map((item) => item.name)).toEqual(['exec']);
    expect(effects).toEqual(['log start']);

    const second = process(new ScriptedModel([{ text: 'deleted' }]));
    const state = await RunState.fromString(second.agent, streamed.state.toString());
    for (const item of state.getInterruptions()) state.approve(item);
    const resumed = await run(second.agent, state, { stream: true });
    const resumedNames: string[] = [];
    for await (const event of resumed) if (event.type === 'run_item_stream_event') resumedNames.push(event.name);
    await resumed.completed;
    expect(resumedNames).toEqual(['tool_output', 'message_output_created']);
    expect(resumed.finalOutput).toBe('deleted');
    expect(second.results).toEqual([expect.objectContaining({ status: 'completed', return_value: 'deleted u1' })]);
    expect(effects).toEqual(['log start', 'delete u1 for ada']);
  });

  it('a program that needs no approval ends while its approval is evaluated: no interruption, exec reports it', async () => {
    const { agent, results } = process(ScriptedModel.exec('await tools.log_event({ text: "only" }); return 7;'));
    const result = await run(agent, 'Log.', { context: { user: 'ada' } });
    expect(result.interruptions).toEqual([]);
    expect(results).toEqual([expect.objectContaining({ status: 'completed', return_value: 7 })]);
    expect(effects).toEqual(['log only']);
  });

  it('one nested call denied with decide before the interruption is approved: the program gets DENIED for it and handles it', async () => {
    const code = 'const results = await Promise.allSettled([tools.delete_user({ id: "a" }), tools.delete_user({ id: "b" })]); return results.map((r) => r.status === "fulfilled" ? r.value : r.reason.code);';
    const { first, saved } = await interrupted(code);
    const pending = await first.exec.pendingApprovals('call_1');
    expect(pending.map((approval) => approval.args)).toEqual(['id: "a"', 'id: "b"']);

    const second = process(new ScriptedModel([{ text: 'done' }]));
    await second.exec.decide(pending[0]?.approvalId ?? '', { type: 'deny', reason: 'not a' });
    const state = await RunState.fromString(second.agent, saved);
    for (const item of state.getInterruptions()) state.approve(item);
    await run(second.agent, state);
    expect(second.results).toEqual([expect.objectContaining({ status: 'completed', return_value: ['DENIED', 'deleted b'] })]);
    expect(effects).toEqual(['delete b for ada']);
  });

  it('rejecting the interruption: the SDK tells the model, and the parked calls never run', async () => {
    const { saved } = await interrupted(PROGRAM);
    const model = new ScriptedModel([{ text: 'not deleted' }]);
    const second = process(model);
    const state = await RunState.fromString(second.agent, saved);
    for (const item of state.getInterruptions()) state.reject(item, { message: 'no deletions today' });
    const result = await run(second.agent, state);
    expect(result.finalOutput).toBe('not deleted');
    expect(JSON.stringify(model.requests[0]?.input)).toContain('no deletions today');
    expect(second.results).toEqual([]);
    expect(effects).toEqual(['log start']);
  });

  it('a program that parks again after it resumes: exec answers that it waits, and wait makes the second interruption', async () => {
    const code = 'await tools.delete_user({ id: "a" }); text("a done"); await tools.delete_user({ id: "b" }); return "both";';
    const { saved } = await interrupted(code);

    const second = process(new ScriptedModel([{ call: 'wait', input: { cell_id: 'call_1' }, id: 'call_2' }]));
    const state = await RunState.fromString(second.agent, saved);
    for (const item of state.getInterruptions()) state.approve(item);
    const again = await run(second.agent, state);
    expect(second.results).toEqual([expect.objectContaining({ status: 'running', cell_id: 'call_1', text: 'a done' })]);
    expect(again.interruptions.map((item) => item.name)).toEqual(['wait']);
    expect(effects).toEqual(['delete a for ada']);
    expect((await second.exec.pendingApprovals('call_1')).map((approval) => approval.args)).toEqual(['id: "b"']);
    const savedAgain = again.state.toString();

    const third = process(new ScriptedModel([{ text: 'done' }]));
    const stateAgain = await RunState.fromString(third.agent, savedAgain);
    for (const item of stateAgain.getInterruptions()) stateAgain.approve(item);
    const done = await run(third.agent, stateAgain);
    expect(done.finalOutput).toBe('done');
    expect(third.results).toEqual([expect.objectContaining({ status: 'completed', return_value: 'both' })]);
    expect(effects).toEqual(['delete a for ada', 'delete b for ada']);
  });

  it('refuses a transport that cannot run durable programs, and decide without durable', async () => {
    const plain = createInProcessTransport();
    const { runDurable: _runDurable, ...notDurable } = plain;
    expect(() => codeModeTool(tools, { transport: notDurable as never, durable: { store: new FileDurableStore({ directory }), keys: KEYS } })).toThrow(/durable: needs a transport that runs durable programs/);
    const exec = codeModeTool(tools, { transport: plain });
    open.push(exec);
    expect(exec.tools).toEqual([exec]);
    await expect(exec.decide('appr_1', { type: 'approve' })).rejects.toMatchObject({ code: 'INVALID_CONFIGURATION', message: expect.stringContaining('pass the durable option') });
    expect(await exec.pendingApprovals('call_1')).toEqual([]);
  });
});
