// Compiling examples for the README and the API docs (typechecked, never built or shipped).
import type { Model } from '@openai/agents';
import { Agent, RunState, defineToolInputGuardrail, run, tool } from '@openai/agents';
import { z } from 'zod';

const noAdmin = defineToolInputGuardrail({
  name: 'no_admin',
  run: async ({ toolCall }) => ({ behavior: JSON.parse(toolCall.arguments).id === 'admin' ? { type: 'rejectContent', message: 'not admin' } : { type: 'allow' } }),
});
const tools = [
  tool({
    name: 'delete_user',
    description: 'Delete a user.',
    parameters: z.object({ id: z.string() }),
    needsApproval: true,
    inputGuardrails: [noAdmin],
    errorFunction: null, // programs get the tool's own error, as a rejection with a code
    execute: async ({ id }) => `deleted ${id}`,
  }),
];

export async function example(model: Model, askPerson: (question: string) => Promise<boolean>): Promise<unknown> {
  // #region README
  const { codeModeTool } = await import('@toolcell/openai-agents');
  const { createChildProcessTransport } = await import('@toolcell/sandbox/node');

  const exec = codeModeTool(tools, {
    transport: createChildProcessTransport(),
    onApproval: ({ toolName, input }) => askPerson(`${toolName} ${JSON.stringify(input)}?`), // needsApproval, per nested call
  });
  const agent = new Agent({ name: 'support', model, tools: [exec] });
  const result = await run(agent, 'Delete users u1 and u2.', { context: { user: 'ada' } });
  await exec.close();
  // #endregion README
  return result.finalOutput;
}

export async function durableExample(model: Model, secret: string, askPerson: (question: string) => Promise<boolean>, save: (state: string) => Promise<void>, load: () => Promise<string>): Promise<unknown> {
  // #region README-durable
  const { codeModeTool } = await import('@toolcell/openai-agents');
  const { FileDurableStore } = await import('@toolcell/durable-store/files');
  const { createChildProcessTransport } = await import('@toolcell/sandbox/node');

  const exec = codeModeTool(tools, {
    transport: createChildProcessTransport(),
    // The same directory and keys (a secret of at least 32 bytes) in every process.
    durable: { store: new FileDurableStore({ directory: '/var/lib/my-app/cells' }), keys: { current: { id: 'k1', secret } } },
  });
  const agent = new Agent({ name: 'support', model, tools: [...exec.tools] }); // exec and wait
  const result = await run(agent, 'Delete users u1 and u2.');
  if (result.interruptions.length > 0) await save(result.state.toString());

  // Later, in this or any other process: decide, and the approved exec call resumes the program.
  const state = await RunState.fromString(agent, await load());
  for (const item of state.getInterruptions()) {
    const callId = item.rawItem.type === 'function_call' ? item.rawItem.callId : '';
    const nested = await exec.pendingApprovals(callId); // what the program waits on
    const approved = await askPerson(nested.map((call) => `${call.toolName}\n${call.args}`).join('\n\n'));
    if (approved) state.approve(item);
    else state.reject(item);
  }
  const resumed = await run(agent, state);
  // #endregion README-durable
  await exec.close();
  return resumed.finalOutput;
}
