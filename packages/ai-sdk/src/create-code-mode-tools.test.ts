// exec inside the AI SDK, driven by its own mock model through generateText and
// streamText: nested calls keep the app's approval config, context, schemas and results.
import { createInProcessTransport } from '@toolcell/sandbox';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CodeModeTools, ExecToolOutput } from './index.js';
import { codeModeContext, createCodeModeTools } from './index.js';
import { scriptedModel } from './test-support/scripted-model.js';

const refunds: string[] = [];
const tools = {
  refund_order: tool({
    description: 'Refund an order.',
    inputSchema: z.object({ orderId: z.string(), amount: z.coerce.number(), currency: z.string().default('EUR') }),
    execute: ({ orderId, amount, currency }) => {
      refunds.push(`${orderId}:${amount}:${currency}`);
      return { refunded: amount, currency, at: new Date(Date.UTC(2026, 0, 2)), note: undefined };
    },
  }),
  whoami: tool({
    description: 'Who is asking.',
    inputSchema: z.object({}),
    contextSchema: z.object({ user: z.string() }),
    execute: (_input, { context, messages }) => ({ user: context.user, messages: messages.length }),
  }),
  fail: tool({
    description: 'Always fails.',
    inputSchema: z.object({}),
    execute: (): { ok: boolean } => {
      throw new Error('the warehouse is closed');
    },
  }),
};

let open: CodeModeTools<typeof tools> | undefined;
afterEach(async () => {
  refunds.length = 0;
  await open?.close();
});

async function codeMode(options: Partial<Parameters<typeof createCodeModeTools<typeof tools>>[1]> = {}) {
  open = await createCodeModeTools(tools, { transport: createInProcessTransport(), ...options });
  return open;
}

async function runExec(code: string, options: Parameters<typeof codeMode>[0] = {}, extra: Partial<Parameters<typeof generateText>[0]> = {}) {
  const cm = await codeMode(options);
  const result = await generateText({ model: scriptedModel(code), tools: cm.tools, stopWhen: stepCountIs(2), prompt: 'go', ...(options.toolApproval ? { toolApproval: options.toolApproval as never } : {}), ...extra } as never);
  const toolResult = result.steps[0]?.toolResults[0];
  return { cm, result, output: toolResult?.output as ExecToolOutput | undefined };
}

describe('createCodeModeTools through generateText', () => {
  it('runs a program whose nested call is coerced and defaulted by zod, with a Date result as its ISO string', async () => {
    const { output, result } = await runExec('return await tools.refund_order({ orderId: "o1", amount: "5" });');
    expect(output?.result).toMatchObject({ status: 'completed', return_value: { refunded: 5, currency: 'EUR', at: '2026-01-02T00:00:00.000Z' } });
    expect((output?.result.return_value as Record<string, unknown>)['note']).toBeUndefined();
    expect(refunds).toEqual(['o1:5:EUR']);
    expect(result.text).toBe('done');
  });

  it("asks the app's toolApproval for a nested call: approved", async () => {
    const asked: unknown[] = [];
    const { output } = await runExec('return await tools.refund_order({ orderId: "o1", amount: 5 });', {
      toolApproval: { refund_order: (input) => (asked.push(input), 'user-approval') },
      onUserApproval: ({ toolName, input }) => (asked.push([toolName, input]), true),
    });
    expect(asked).toEqual([{ orderId: 'o1', amount: 5, currency: 'EUR' }, ['refund_order', { orderId: 'o1', amount: 5, currency: 'EUR' }]]);
    expect(output?.result.status).toBe('completed');
    expect(refunds).toEqual(['o1:5:EUR']);
  });

  it("asks the app's toolApproval for a nested call: denied, the program gets DENIED and the tool never runs", async () => {
    const { output } = await runExec('try { await tools.refund_order({ orderId: "o1", amount: 5 }); } catch (error) { return [error.code, error.message]; }', {
      toolApproval: { refund_order: 'user-approval' },
      onUserApproval: () => 'refunds need a manager',
    });
    expect(output?.result.return_value).toEqual(['DENIED', expect.stringContaining('refunds need a manager')]);
    expect(refunds).toEqual([]);
  });

  it('refuses a nested user-approval call when the app has no way to ask during the program', async () => {
    const { output } = await runExec('try { await tools.refund_order({ orderId: "o1", amount: 5 }); } catch (error) { return [error.code, error.message]; }', {
      // A generic function applies to exec itself too: the app approves exec and asks for the rest.
      toolApproval: ({ toolCall }) => (toolCall.toolName === 'exec' ? 'approved' : 'user-approval'),
    });
    expect(output?.result.return_value).toEqual(['DENIED', expect.stringContaining('passes createCodeModeTools onUserApproval to ask during the program, or durable')]);
    expect(refunds).toEqual([]);
  });

  it("applies a tool's own needsApproval to a nested call", async () => {
    const guarded = { ...tools, refund_order: { ...tools.refund_order, needsApproval: true } };
    open = await createCodeModeTools(guarded, { transport: createInProcessTransport(), onUserApproval: () => false });
    const result = await generateText({ model: scriptedModel('try { await tools.refund_order({ orderId: "o1", amount: 5 }); } catch (error) { return error.code; }'), tools: open.tools, stopWhen: stepCountIs(2), prompt: 'go' });
    expect((result.steps[0]?.toolResults[0]?.output as ExecToolOutput).result.return_value).toBe('DENIED');
    expect(refunds).toEqual([]);
  });

  it("gives nested tools the run's tool context and messages", async () => {
    const { output } = await runExec('return await tools.whoami({});', {}, codeModeContext({ toolsContext: { whoami: { user: 'ada' } } }) as never);
    expect(output?.result.return_value).toEqual({ user: 'ada', messages: 1 });
  });

  it("delivers a tool's thrown error to the program as a rejection with a code", async () => {
    const { output } = await runExec('try { await tools.fail({}); } catch (error) { return [error.code, error.message]; }');
    expect(output?.result.return_value).toEqual(['EXECUTION_FAILED', 'the warehouse is closed']);
  });

  it('sends the model the rendered answer as the tool result', async () => {
    const cm = await codeMode();
    const model = scriptedModel('text("hello"); return 1;');
    await generateText({ model, tools: cm.tools, stopWhen: stepCountIs(2), prompt: 'go' });
    const toolMessage = model.doGenerateCalls[1]?.prompt.find((message) => message.role === 'tool');
    expect(toolMessage?.content[0]).toMatchObject({ type: 'tool-result', toolName: 'exec', output: { type: 'text', value: expect.stringMatching(/^Script completed in .* ms \(cell 1\)\.\nhello/) } });
  });

  it('routes a direct call of a kept tool through the same runtime', async () => {
    const cm = await codeMode({ keepDirectTools: true });
    const seen: string[] = [];
    cm.runtime.onPreExecute((call) => void seen.push(`${call.toolName}:${call.nested}`));
    const result = await generateText({ model: scriptedModel('', 'refund_order', { orderId: 'o2', amount: 3 }), tools: cm.tools, stopWhen: stepCountIs(2), prompt: 'go' });
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ refunded: 3, currency: 'EUR' });
    expect(seen).toEqual(['refund_order:false']);
  });
});

describe('createCodeModeTools through streamText', () => {
  it('streams each nested call as a preliminary result before the final one', async () => {
    const cm = await codeMode();
    const stream = streamText({ model: scriptedModel('await tools.refund_order({ orderId: "a", amount: 1 }); await tools.refund_order({ orderId: "b", amount: 2 }); return "ok";'), tools: cm.tools, stopWhen: stepCountIs(2), prompt: 'go' });
    const results: Array<{ preliminary: boolean; output: ExecToolOutput }> = [];
    for await (const part of stream.fullStream) {
      if (part.type === 'tool-result') results.push({ preliminary: part.preliminary === true, output: part.output as ExecToolOutput });
    }
    expect(results.map((result) => [result.preliminary, result.output.result.status, result.output.calls.length])).toEqual([
      [true, 'running', 1],
      [true, 'running', 2],
      // The AI SDK streams a generator's last value as a preliminary result too, then as the result.
      [true, 'completed', 2],
      [false, 'completed', 2],
    ]);
  });
});
