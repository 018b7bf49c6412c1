// Durable approvals through the AI SDK's own round trip: a nested call needing a person
// makes exec's call a tool-approval-request; the answer, in the next generateText call —
// here always through a NEW createCodeModeTools on the same store, as another process would
// — resumes the program from its snapshot. Every side effect is counted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { createInProcessTransport } from '@toolcell/sandbox';
import type { ModelMessage, ToolApprovalConfiguration, ToolSet } from 'ai';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CodeModeTools, ExecToolOutput } from './index.js';
import { createCodeModeTools } from './index.js';

const effects: string[] = [];
const tools = {
  refund_order: tool({
    description: 'Refund an order.',
    inputSchema: z.object({ orderId: z.string(), amount: z.number() }),
    execute: ({ orderId, amount }) => (effects.push(`refund ${orderId}`), { orderId, refunded: amount }),
  }),
  log_event: tool({
    description: 'Log an event.',
    inputSchema: z.object({ text: z.string() }),
    execute: ({ text }) => (effects.push(`log ${text}`), { logged: true }),
  }),
};
const toolApproval = { refund_order: 'user-approval' } as const;
const KEYS = { current: { id: 'k1', secret: 'a-test-secret-of-at-least-32-bytes!!' } };

let directory: string;
let open: Array<CodeModeTools<typeof tools>>;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcell-ai-sdk-durable-'));
  open = [];
  effects.length = 0;
});
afterEach(async () => {
  for (const codeMode of open) await codeMode.close();
  await rm(directory, { recursive: true, force: true });
});

/** A process: its own code-mode tools over the shared store. */
async function process(options: { readonly transport?: ReturnType<typeof createInProcessTransport> } = {}) {
  const codeMode = await createCodeModeTools(tools, {
    transport: options.transport ?? createInProcessTransport(),
    toolApproval,
    durable: { store: new FileDurableStore({ directory }), keys: KEYS },
  });
  open.push(codeMode);
  return codeMode;
}

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
type Turn = { readonly call: string; readonly id: string; readonly input: unknown } | { readonly text: string };

/** A model that answers each of its generate calls with the next turn. */
function model(...turns: Turn[]) {
  return new MockLanguageModelV4({
    doGenerate: turns.map((turn) =>
      'text' in turn
        ? { content: [{ type: 'text' as const, text: turn.text }], finishReason: { unified: 'stop' as const, raw: undefined }, usage, warnings: [] }
        : { content: [{ type: 'tool-call' as const, toolCallId: turn.id, toolName: turn.call, input: JSON.stringify(turn.input) }], finishReason: { unified: 'tool-calls' as const, raw: undefined }, usage, warnings: [] },
    ),
  });
}

type Result = Awaited<ReturnType<typeof generateText>>;

/** The conversation so far plus the app's answer to the one approval request the last result holds. */
function answer(history: ModelMessage[], result: Result, approved: boolean, reason?: string): ModelMessage[] {
  const request = result.content.find((part) => part.type === 'tool-approval-request');
  if (request?.type !== 'tool-approval-request') throw new Error('expected an approval request');
  return [...history, ...result.responseMessages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved, ...(reason === undefined ? {} : { reason }) }] }];
}

/** One generateText call of a process; `output` is the last exec (or wait) output it produced, approved calls' included. */
async function generate(codeMode: CodeModeTools<typeof tools>, llm: MockLanguageModelV4, messages: ModelMessage[]) {
  const outputs: ExecToolOutput[] = [];
  const result = await generateText({
    model: llm,
    tools: codeMode.tools,
    toolApproval,
    stopWhen: stepCountIs(3),
    messages,
    onToolExecutionEnd: (event) => void (event.toolOutput.type === 'tool-result' && outputs.push(event.toolOutput.output as ExecToolOutput)),
  });
  return { result: result as unknown as Result, output: outputs.at(-1) };
}

const PROGRAM = 'await tools.log_event({ text: "start" }); text("refunding"); const refund = await tools.refund_order({ orderId: "o1", amount: 5 }); return refund;';
const prompt: ModelMessage[] = [{ role: 'user', content: 'Refund order o1.' }];

describe('durable approvals through generateText', () => {
  it("a nested call needing a person becomes exec's approval request; approved in a new process, the program resumes and nothing runs twice", async () => {
    const first = await process();
    const { result: asked } = await generate(first, model({ call: 'exec', id: 'call_1', input: { code: PROGRAM } }), prompt);
    const request = asked.content.find((part) => part.type === 'tool-approval-request');
    expect(request).toMatchObject({ toolCall: { toolName: 'exec', toolCallId: 'call_1' } });
    expect(effects).toEqual(['log start']);
    // What the app shows with the request: the nested call, with its arguments.
    expect((await first.pendingApprovals('call_1')).map((approval) => [approval.toolName, approval.args])).toEqual([['refund_order', 'orderId: "o1"\namount: 5']]);

    const second = await process();
    const { result: done, output } = await generate(second, model({ text: 'refunded' }), answer(prompt, asked, true));
    expect(output?.result).toMatchObject({ status: 'completed', text: 'refunding', return_value: { orderId: 'o1', refunded: 5 } });
    expect(done.text).toBe('refunded');
    expect(effects).toEqual(['log start', 'refund o1']);
    expect(await second.pendingApprovals('call_1')).toEqual([]);
  });

  it('a program that needs no person ends while its approval is evaluated, and exec returns that result: no approval request', async () => {
    const codeMode = await process();
    const { result, output } = await generate(codeMode, model({ call: 'exec', id: 'call_1', input: { code: 'await tools.log_event({ text: "only" }); return 7;' } }, { text: 'done' }), prompt);
    expect(result.content.some((part) => part.type === 'tool-approval-request')).toBe(false);
    expect(output?.result).toMatchObject({ status: 'completed', return_value: 7 });
    expect(effects).toEqual(['log only']);
  });

  it('one nested call denied before the request is approved: the program gets DENIED for it and the model reads its own handling', async () => {
    const first = await process();
    const code = 'const results = await Promise.allSettled([tools.refund_order({ orderId: "a", amount: 1 }), tools.refund_order({ orderId: "b", amount: 2 })]); return results.map((r) => r.status === "fulfilled" ? r.value.orderId : r.reason.code);';
    const { result: asked } = await generate(first, model({ call: 'exec', id: 'call_1', input: { code } }), prompt);
    const pending = await first.pendingApprovals('call_1');
    expect(pending.map((approval) => approval.args)).toEqual(['orderId: "a"\namount: 1', 'orderId: "b"\namount: 2']);

    const second = await process();
    await second.decide(pending[1]?.approvalId ?? '', { type: 'deny', reason: 'not b' });
    const { output } = await generate(second, model({ text: 'done' }), answer(prompt, asked, true));
    expect(output?.result).toMatchObject({ status: 'completed', return_value: ['a', 'DENIED'] });
    expect(effects).toEqual(['refund a']);
  });

  it("denying exec's request: the AI SDK tells the model the call was denied, and the parked calls never run", async () => {
    const first = await process();
    const { result: asked } = await generate(first, model({ call: 'exec', id: 'call_1', input: { code: PROGRAM } }), prompt);
    const second = await process();
    const llm = model({ text: 'not refunded' });
    const { result: done } = await generate(second, llm, answer(prompt, asked, false, 'no refunds today'));
    expect(done.text).toBe('not refunded');
    const toolMessage = llm.doGenerateCalls[0]?.prompt.find((message) => message.role === 'tool');
    expect(toolMessage?.content[0]).toMatchObject({ type: 'tool-result', toolName: 'exec', output: { type: 'execution-denied', reason: 'no refunds today' } });
    expect(effects).toEqual(['log start']);
  });

  it('a program that parks again after it resumes: exec answers that it waits, and wait makes the second round trip', async () => {
    const code = 'await tools.refund_order({ orderId: "a", amount: 1 }); text("a done"); await tools.refund_order({ orderId: "b", amount: 2 }); return "both";';
    const first = await process();
    const { result: asked } = await generate(first, model({ call: 'exec', id: 'call_1', input: { code } }), prompt);

    const second = await process();
    const history = answer(prompt, asked, true);
    const { result: askedAgain, output: parkedAgain } = await generate(second, model({ call: 'wait', id: 'call_2', input: { cell_id: 'call_1' } }), history);
    expect(parkedAgain?.result).toMatchObject({ status: 'running', cell_id: 'call_1', text: 'a done' });
    expect(JSON.stringify(parkedAgain?.wire)).toContain('Call wait with cell_id \\"call_1\\"');
    expect(askedAgain.content.find((part) => part.type === 'tool-approval-request')).toMatchObject({ toolCall: { toolName: 'wait', toolCallId: 'call_2' } });
    expect(effects).toEqual(['refund a']);
    expect((await second.pendingApprovals('call_1')).map((approval) => approval.args)).toEqual(['orderId: "b"\namount: 2']);

    const third = await process();
    const { output } = await generate(third, model({ text: 'done' }), answer(history, askedAgain, true));
    expect(output?.result).toMatchObject({ status: 'completed', return_value: 'both' });
    expect(effects).toEqual(['refund a', 'refund b']);
  });

  it("an app policy that approves exec and wait on its own approves no nested call: the program waits until someone decides", async () => {
    const codeMode = await process();
    const policy: ToolApprovalConfiguration<ToolSet, never> = ({ toolCall }) => (toolCall.toolName === 'exec' || toolCall.toolName === 'wait' ? 'approved' : 'user-approval');
    const outputs: ExecToolOutput[] = [];
    const llm = model({ call: 'exec', id: 'call_1', input: { code: PROGRAM } }, { call: 'wait', id: 'call_2', input: { cell_id: 'call_1' } }, { text: 'still waiting' });
    await generateText({ model: llm, tools: codeMode.tools, toolApproval: policy, stopWhen: stepCountIs(3), messages: prompt, onToolExecutionEnd: (event) => void (event.toolOutput.type === 'tool-result' && outputs.push(event.toolOutput.output as ExecToolOutput)) });
    expect(outputs.map((output) => output.result.status)).toEqual(['running', 'running']);
    expect(effects).toEqual(['log start']);
    const [pending] = await codeMode.pendingApprovals('call_1');
    expect(pending?.toolName).toBe('refund_order');
    // Once someone decides, the next wait goes on.
    await codeMode.decide(pending?.approvalId ?? '', { type: 'approve' });
    const { output } = await generate(codeMode, model({ call: 'wait', id: 'call_3', input: { cell_id: 'call_1' } }, { text: 'done' }), prompt);
    expect(output?.result).toMatchObject({ status: 'completed', return_value: { orderId: 'o1', refunded: 5 } });
    expect(effects).toEqual(['log start', 'refund o1']);
  });

  it('the same round trip through streamText', async () => {
    const finish = (reason: 'stop' | 'tool-calls') => ({ type: 'finish' as const, finishReason: { unified: reason, raw: undefined }, usage });
    const streaming = (...parts: unknown[]) => new MockLanguageModelV4({ doStream: [{ stream: convertArrayToReadableStream([{ type: 'stream-start', warnings: [] }, ...parts] as never) }] });
    const first = await process();
    const asked = streamText({ model: streaming({ type: 'tool-call', toolCallId: 'call_1', toolName: 'exec', input: JSON.stringify({ code: PROGRAM }) }, finish('tool-calls')), tools: first.tools, toolApproval, stopWhen: stepCountIs(3), messages: prompt });
    const requests = (await asked.content).filter((part) => part.type === 'tool-approval-request');
    expect(requests).toMatchObject([{ toolCall: { toolName: 'exec', toolCallId: 'call_1' } }]);
    expect(effects).toEqual(['log start']);

    const second = await process();
    const history: ModelMessage[] = [...prompt, ...(await asked.response).messages, { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: requests[0]?.approvalId ?? '', approved: true }] }];
    const done = streamText({ model: streaming({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'refunded' }, { type: 'text-end', id: 't' }, finish('stop')), tools: second.tools, toolApproval, stopWhen: stepCountIs(3), messages: history });
    const results: unknown[] = [];
    for await (const part of done.fullStream) if (part.type === 'tool-result' && part.preliminary !== true) results.push((part.output as ExecToolOutput).result);
    expect(results).toMatchObject([{ status: 'completed', return_value: { orderId: 'o1', refunded: 5 } }]);
    expect(await done.text).toBe('refunded');
    expect(effects).toEqual(['log start', 'refund o1']);
  });

  it('refuses a transport that cannot run durable programs, and decide without durable', async () => {
    const plain = createInProcessTransport();
    const { runDurable: _runDurable, ...notDurable } = plain;
    await expect(createCodeModeTools(tools, { transport: notDurable as never, durable: { store: new FileDurableStore({ directory }), keys: KEYS } })).rejects.toMatchObject({ code: 'INVALID_CONFIGURATION', message: expect.stringContaining('durable: needs a transport that runs durable programs') });
    const codeMode = await createCodeModeTools(tools, { transport: plain });
    open.push(codeMode);
    await expect(codeMode.decide('appr_1', { type: 'approve' })).rejects.toMatchObject({ code: 'INVALID_CONFIGURATION', message: expect.stringContaining('pass the durable option') });
    expect(await codeMode.pendingApprovals('call_1')).toEqual([]);
  });
});
