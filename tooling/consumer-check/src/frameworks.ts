// The framework adapters against the published declarations (compiled only, never run): the
// AI SDK's ToolSet and the Agents SDK's function tools go in as the apps write them, with
// no cast, and exec comes back as each framework's own tool type.
import type { FunctionTool } from '@openai/agents';
import { Agent, tool as agentsTool } from '@openai/agents';
import type { CodeModeTools } from '@toolcell/ai-sdk';
import { codeModeContext, createCodeModeTools } from '@toolcell/ai-sdk';
import type { CodeModeTool } from '@toolcell/openai-agents';
import { codeModeTool } from '@toolcell/openai-agents';
import { createInProcessTransport } from '@toolcell/sandbox';
import type { ToolSet } from 'ai';
import { tool as aiTool } from 'ai';
import { z } from 'zod';

const aiTools = {
  refund_order: aiTool({
    description: 'Refund an order.',
    inputSchema: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => ({ orderId }),
  }),
} satisfies ToolSet;

export const aiSdk: Promise<CodeModeTools<typeof aiTools>> = createCodeModeTools(aiTools, {
  transport: createInProcessTransport(),
  toolApproval: { refund_order: 'user-approval' },
  onUserApproval: () => false,
});
export const aiSdkContext = codeModeContext({ toolsContext: { refund_order: {} } });

const deleteUser = agentsTool({
  name: 'delete_user',
  description: 'Delete a user.',
  parameters: z.object({ id: z.string() }),
  needsApproval: true,
  errorFunction: null,
  execute: async ({ id }) => `deleted ${id}`,
});

export const exec: CodeModeTool = codeModeTool([deleteUser], { transport: createInProcessTransport(), onApproval: () => false });
export const execAsFunctionTool: FunctionTool<{ user: string }, never, unknown> = exec;
export const agent = new Agent<{ user: string }>({ name: 'support', tools: [exec] });
