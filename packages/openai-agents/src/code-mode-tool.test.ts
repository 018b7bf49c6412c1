// exec inside the OpenAI Agents SDK, driven through `run` by a scripted model: nested calls
// keep each tool's needsApproval, guardrails, the run's context and the tool's raw errors.
import type { RunContext } from '@openai/agents';
import { Agent, ToolGuardrailFunctionOutputFactory, ToolInputGuardrailTripwireTriggered, defineToolInputGuardrail, defineToolOutputGuardrail, run, tool } from '@openai/agents';
import type { ExecResult } from '@toolcell/codemode';
import { createInProcessTransport } from '@toolcell/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CodeModeTool, CodeModeToolOptions } from './index.js';
import { codeModeTool } from './index.js';
import { ScriptedModel } from './test-support/scripted-model.js';

interface AppContext {
  readonly user: string;
}

const deleted: string[] = [];
const refunds: string[] = [];

const noAdmin = defineToolInputGuardrail({
  name: 'no_admin',
  run: async ({ toolCall }) => (JSON.parse(toolCall.arguments).id === 'admin' ? ToolGuardrailFunctionOutputFactory.rejectContent('admin cannot be deleted') : ToolGuardrailFunctionOutputFactory.allow()),
});
const tripwire = defineToolInputGuardrail({ name: 'tripwire', run: async () => ToolGuardrailFunctionOutputFactory.throwException() });
const noSecrets = defineToolOutputGuardrail({
  name: 'no_secrets',
  run: async ({ output }) => (JSON.stringify(output).includes('secret') ? ToolGuardrailFunctionOutputFactory.rejectContent('the result held a secret') : ToolGuardrailFunctionOutputFactory.allow()),
});

const tools = {
  deleteUser: tool({
    name: 'delete_user',
    description: 'Delete a user.',
    parameters: z.object({ id: z.string() }),
    inputGuardrails: [noAdmin],
    execute: async ({ id }) => (deleted.push(id), `deleted ${id}`),
  }),
  refundOrder: tool({
    name: 'refund_order',
    description: 'Refund an order.',
    parameters: z.object({ orderId: z.string(), amount: z.number() }),
    needsApproval: async (_context, { amount }) => amount > 100,
    execute: async ({ orderId, amount }) => (refunds.push(`${orderId}:${amount}`), { orderId, refunded: amount, at: new Date(Date.UTC(2026, 0, 2)) }),
  }),
  whoami: tool({
    name: 'whoami',
    description: 'Who is asking.',
    parameters: z.object({}),
    execute: async (_input, runContext?: RunContext<AppContext>) => ({ user: runContext?.context.user }),
  }),
  fail: tool({
    name: 'fail',
    description: 'Always fails.',
    parameters: z.object({ reason: z.string() }),
    errorFunction: null,
    execute: async ({ reason }): Promise<string> => {
      throw new Error(reason);
    },
  }),
  failQuietly: tool({
    name: 'fail_quietly',
    description: 'Fails, with the default errorFunction.',
    parameters: z.object({}),
    execute: async (): Promise<string> => {
      throw new Error('the warehouse is closed');
    },
  }),
  readProfile: tool({
    name: 'read_profile',
    description: 'Read a profile.',
    parameters: z.object({ id: z.string() }),
    outputGuardrails: [noSecrets],
    execute: async ({ id }) => ({ id, note: id === 'u2' ? 'secret' : 'public' }),
  }),
  guarded: tool({ name: 'guarded', description: 'Trips a wire.', parameters: z.object({}), inputGuardrails: [tripwire], execute: async () => 'ran' }),
};

let open: CodeModeTool | undefined;
afterEach(async () => {
  deleted.length = 0;
  refunds.length = 0;
  await open?.close();
});

async function runExec(code: string, options: Partial<CodeModeToolOptions> = {}, context: AppContext = { user: 'ada' }) {
  const results: ExecResult[] = [];
  open = codeModeTool(Object.values(tools), { transport: createInProcessTransport(), onResult: (result) => results.push(result), ...options });
  const model = ScriptedModel.exec(code);
  const agent = new Agent<AppContext>({ name: 'support', model, tools: [open] });
  const result = await run(agent, 'go', { context });
  return { result, model, execResult: results[0] };
}

describe('codeModeTool through run', () => {
  it('runs a program whose nested call returns the tool result, a Date as its ISO string, and sends the model the rendered answer', async () => {
    const { result, model, execResult } = await runExec('text("refunding"); return await tools.refund_order({ orderId: "o1", amount: 5 });');
    expect(execResult, JSON.stringify(execResult)).toMatchObject({ status: 'completed', return_value: { orderId: 'o1', refunded: 5, at: '2026-01-02T00:00:00.000Z' } });
    expect(refunds).toEqual(['o1:5']);
    expect(result.finalOutput).toBe('done');
    const toolResult = JSON.stringify(model.requests[1]?.input);
    expect(toolResult).toMatch(/Script completed in .* ms \(cell 1\)\.\\nrefunding/);
  });

  it("asks for a nested call its tool's needsApproval flags: approved", async () => {
    const asked: unknown[] = [];
    const { execResult } = await runExec('await tools.refund_order({ orderId: "o1", amount: 5 }); return await tools.refund_order({ orderId: "o2", amount: 500 });', {
      onApproval: ({ toolName, input, runContext }) => (asked.push([toolName, input, (runContext.context as AppContext).user]), true),
    });
    expect(asked).toEqual([['refund_order', { orderId: 'o2', amount: 500 }, 'ada']]);
    expect(execResult?.status).toBe('completed');
    expect(refunds).toEqual(['o1:5', 'o2:500']);
  });

  it("asks for a nested call its tool's needsApproval flags: denied, the program gets DENIED and the tool never runs", async () => {
    const { execResult } = await runExec('try { await tools.refund_order({ orderId: "o2", amount: 500 }); } catch (error) { return [error.code, error.message]; }', {
      onApproval: () => 'refunds over 100 need a manager',
    });
    expect(execResult?.return_value).toEqual(['DENIED', expect.stringContaining('refunds over 100 need a manager')]);
    expect(refunds).toEqual([]);
  });

  it('refuses a nested call that needs approval when the app has no way to ask during the program', async () => {
    const { execResult } = await runExec('try { await tools.refund_order({ orderId: "o2", amount: 500 }); } catch (error) { return [error.code, error.message]; }');
    expect(execResult?.return_value).toEqual(['DENIED', expect.stringContaining('no way to ask: it passes codeModeTool onApproval')]);
    expect(refunds).toEqual([]);
  });

  it("runs a tool's input guardrail on a nested call: delete_user({ id: 'admin' }) is rejected, another id runs", async () => {
    const { execResult } = await runExec('await tools.delete_user({ id: "u1" }); try { await tools.delete_user({ id: "admin" }); } catch (error) { return [error.code, error.message]; }');
    expect(execResult?.return_value).toEqual(['DENIED', 'Permission denied: A guardrail of "delete_user" rejected the call: admin cannot be deleted']);
    expect(deleted).toEqual(['u1']);
  });

  it("runs a tool's output guardrail on a nested call: a rejected result never reaches the program", async () => {
    const { execResult } = await runExec('const a = await tools.read_profile({ id: "u1" }); try { await tools.read_profile({ id: "u2" }); } catch (error) { return [a.note, error.code, error.message]; }');
    expect(execResult?.return_value).toEqual(['public', 'EXECUTION_FAILED', 'A guardrail of "read_profile" rejected the result: the result held a secret']);
  });

  it("fails the run as the SDK would when a nested call trips a guardrail's wire, even if the program catches it", async () => {
    await expect(runExec('try { await tools.guarded({}); } catch { return "caught"; }')).rejects.toSatisfy((error) => error instanceof ToolInputGuardrailTripwireTriggered || String(error).includes('Tool input guardrail triggered: tripwire'));
  });

  it("gives nested tools the run's RunContext", async () => {
    const { execResult } = await runExec('return await tools.whoami({});', {}, { user: 'grace' });
    expect(execResult?.return_value).toEqual({ user: 'grace' });
  });

  it("delivers a tool's raw thrown error to the program as a rejection with its code (errorFunction: null)", async () => {
    const { execResult } = await runExec('const codes = []; for (const args of [{ reason: "the warehouse is closed" }, {}]) { try { await tools.fail(args); } catch (error) { codes.push([error.code, error.message]); } } return codes;');
    expect(execResult?.return_value).toEqual([
      ['EXECUTION_FAILED', 'the warehouse is closed'],
      ['INVALID_ARGS', expect.stringContaining('Invalid arguments for "fail"')],
    ]);
  });

  it("never hands the program the default errorFunction's text as a result: the call rejects with EXECUTION_FAILED", async () => {
    const { execResult } = await runExec('try { return await tools.fail_quietly({}); } catch (error) { return [error.code, error.message]; }');
    expect(execResult?.return_value).toEqual(['EXECUTION_FAILED', expect.stringContaining('errorFunction: null')]);
  });

  it("rebuilds exec's description when the registry changes, between the turns of one run", async () => {
    const late = tool({ name: 'audit_log', description: 'Added during the run.', parameters: z.object({}), execute: async () => 'late' });
    const adder = tool({ name: 'register_more', description: 'Adds a tool.', parameters: z.object({}), execute: async () => (open?.addTool(late), 'added') });
    open = codeModeTool([adder], { transport: createInProcessTransport() });
    const model = ScriptedModel.exec('return await tools.register_more({});');
    await run(new Agent({ name: 'support', model, tools: [open] }), 'go');
    const descriptions = model.requests.map((request) => request.tools.find((declared) => declared.name === 'exec'));
    expect(descriptions.map((declared) => (declared as { description: string }).description.includes('audit_log'))).toEqual([false, true]);
  });
});
