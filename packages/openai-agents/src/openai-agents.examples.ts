// Compiling examples for the README and the API docs (typechecked, never built or shipped).
import type { Model } from '@openai/agents';
import { Agent, defineToolInputGuardrail, run, tool } from '@openai/agents';
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
