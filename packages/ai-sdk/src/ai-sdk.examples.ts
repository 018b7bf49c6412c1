// Compiling examples for the README and the API docs (typechecked, never built or shipped).
import type { LanguageModel } from 'ai';
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';

const tools = {
  refund_order: tool({
    description: 'Refund an order.',
    inputSchema: z.object({ orderId: z.string(), amount: z.number() }),
    execute: async ({ orderId, amount }) => ({ orderId, refunded: amount }),
  }),
};

export async function example(model: LanguageModel, askPerson: (question: string) => Promise<boolean>): Promise<string> {
  // #region README
  const { createCodeModeTools } = await import('@toolcell/ai-sdk');
  const { createChildProcessTransport } = await import('@toolcell/sandbox/node');

  const toolApproval = { refund_order: 'user-approval' } as const; // the app's own config
  const codeMode = await createCodeModeTools(tools, {
    transport: createChildProcessTransport(),
    toolApproval, // applied to the calls programs make, too
    onUserApproval: ({ toolName, input }) => askPerson(`${toolName} ${JSON.stringify(input)}?`),
  });
  const result = await generateText({ model, tools: codeMode.tools, toolApproval, stopWhen: stepCountIs(5), prompt: 'Refund order 42.' });
  await codeMode.close();
  // #endregion README
  return result.text;
}
