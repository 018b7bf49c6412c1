// exec inside the OpenAI Agents SDK, driven through `run` by a scripted model: nested calls
// keep each tool's needsApproval, guardrails, the run's context and the tool's raw errors.
import type { RunContext, RunStreamEvent } from '@openai/agents';
import { Agent, ToolGuardrailFunctionOutputFactory, ToolInputGuardrailTripwireTriggered, defineToolInputGuardrail, defineToolOutputGuardrail, run, setSensitiveDataLoggingEnabled, tool } from '@openai/agents';
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
const charges: unknown[] = [];
const chargeApprovals: unknown[] = [];

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
  charge: tool({
    name: 'charge',
    description: 'Charge an amount.',
    parameters: z.object({ amount: z.coerce.number(), currency: z.string().default('EUR') }),
    errorFunction: null,
    needsApproval: async (_context, input) => (chargeApprovals.push(input), input.amount > 100),
    execute: async (input) => (charges.push(input), { charged: input.amount, currency: input.currency }),
  }),
  guarded: tool({ name: 'guarded', description: 'Trips a wire.', parameters: z.object({}), inputGuardrails: [tripwire], execute: async () => 'ran' }),
};

let open: CodeModeTool | undefined;
afterEach(async () => {
  deleted.length = 0;
  refunds.length = 0;
  charges.length = 0;
  chargeApprovals.length = 0;
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

describe("the tool's own zod schema on nested calls", () => {
  it('coerces and fills defaults as invoke parses them: "5" arrives as 5, an omitted field as its default', async () => {
    const { execResult } = await runExec('return await tools.charge({ amount: "5" });');
    expect(charges).toEqual([{ amount: 5, currency: 'EUR' }]);
    expect(execResult?.return_value).toEqual({ charged: 5, currency: 'EUR' });
  });

  it("refuses input the schema refuses with INVALID_ARGS and zod's message where the SDK keeps it, and the tool never runs", async () => {
    const program = 'try { await tools.charge({ amount: "five" }); } catch (error) { return [error.code, error.message]; }';
    const { execResult } = await runExec(program);
    expect(execResult?.return_value).toEqual(['INVALID_ARGS', 'Invalid arguments for "charge": its schema refused them (the Agents SDK says why only when sensitive tool data may be logged). Check them against the signature in the exec description.']);
    await open?.close();
    setSensitiveDataLoggingEnabled(true);
    try {
      const { execResult: detailed } = await runExec(program);
      expect(detailed?.return_value).toEqual(['INVALID_ARGS', 'Invalid arguments for "charge": at amount: Invalid input: expected number, received NaN']);
    } finally {
      setSensitiveDataLoggingEnabled(false);
    }
    expect(charges).toEqual([]);
  });

  it("gives needsApproval the arguments as the program passed them (the SDK keeps its parser private): a coerced field still compares as a number", async () => {
    const { execResult } = await runExec('return await tools.charge({ amount: "500" });', { onApproval: () => true });
    expect(chargeApprovals).toEqual([{ amount: '500' }]);
    expect(charges).toEqual([{ amount: 500, currency: 'EUR' }]);
    expect(execResult?.status).toBe('completed');
  });
});

describe('codeModeTool through a streamed run', () => {
  it("streams exec's call and output; nested calls keep needsApproval and guardrails, and report progress on exec.runtime.events before exec's output", async () => {
    const log: string[] = [];
    const asked: string[] = [];
    const program = 'await tools.refund_order({ orderId: "o2", amount: 500 }); try { await tools.delete_user({ id: "admin" }); } catch (error) { text(error.code); } return "streamed";';
    const results: ExecResult[] = [];
    open = codeModeTool(Object.values(tools), { transport: createInProcessTransport(), onResult: (result) => results.push(result), onApproval: ({ toolName }) => (asked.push(toolName), true) });
    open.runtime.events.on('call-end', (event) => log.push(`nested ${event.toolName} ${event.code ?? 'ok'}`));
    const agent = new Agent<AppContext>({ name: 'support', model: ScriptedModel.exec(program), tools: [open] });
    const streamed = await run(agent, 'go', { context: { user: 'ada' }, stream: true });
    const items: RunStreamEvent[] = [];
    for await (const event of streamed) {
      if (event.type !== 'run_item_stream_event') continue;
      items.push(event);
      log.push(`stream ${event.name}`);
    }
    await streamed.completed;
    expect(streamed.finalOutput).toBe('done');
    expect(asked).toEqual(['refund_order']);
    expect(refunds).toEqual(['o2:500']);
    expect(deleted).toEqual([]);
    expect(results).toEqual([expect.objectContaining({ status: 'completed', text: 'DENIED', return_value: 'streamed' })]);
    const [called, output] = items.filter((event) => event.type === 'run_item_stream_event' && event.name.startsWith('tool_'));
    expect(called).toMatchObject({ name: 'tool_called', item: { rawItem: { type: 'function_call', name: 'exec', arguments: JSON.stringify({ code: program }) } } });
    expect(output).toMatchObject({ name: 'tool_output', item: { rawItem: { type: 'function_call_result', name: 'exec' }, output: expect.stringMatching(/^Script completed .*\nDENIED/s) } });
    const streamedOutput = log.indexOf('stream tool_output');
    expect(log.indexOf('nested refund_order ok')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('nested refund_order ok')).toBeLessThan(streamedOutput);
    expect(log.indexOf('nested delete_user DENIED')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('nested delete_user DENIED')).toBeLessThan(streamedOutput);
  });
});
