// Compiling examples for the README and the API docs (typechecked, never built or shipped).
import type { LanguageModel, ModelMessage, ToolApprovalResponse } from 'ai';
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

export async function durableExample(model: LanguageModel, messages: ModelMessage[], secret: string, askPerson: (question: string) => Promise<boolean>): Promise<void> {
  // #region README-durable
  const { createCodeModeTools } = await import('@toolcell/ai-sdk');
  const { FileDurableStore } = await import('@toolcell/durable-store/files');
  const { createChildProcessTransport } = await import('@toolcell/sandbox/node');

  const toolApproval = { refund_order: 'user-approval' } as const;
  const codeMode = await createCodeModeTools(tools, {
    transport: createChildProcessTransport(),
    toolApproval,
    // The same directory and keys (a secret of at least 32 bytes) in every process.
    durable: { store: new FileDurableStore({ directory: '/var/lib/my-app/cells' }), keys: { current: { id: 'k1', secret } } },
  });
  const result = await generateText({ model, tools: codeMode.tools, toolApproval, stopWhen: stepCountIs(5), messages });
  const answers: ToolApprovalResponse[] = [];
  for (const part of result.content) {
    if (part.type !== 'tool-approval-request') continue;
    // An exec call whose program waits: show the person the nested calls it waits on.
    const nested = await codeMode.pendingApprovals(part.toolCall.toolCallId);
    const approved = await askPerson(nested.map((call) => `${call.toolName}\n${call.args}`).join('\n\n'));
    answers.push({ type: 'tool-approval-response', approvalId: part.approvalId, approved });
  }
  messages.push(...result.responseMessages);
  if (answers.length > 0) messages.push({ role: 'tool', content: answers });
  // Later, in this or any other process: the approved exec call resumes the program where it stopped.
  await generateText({ model, tools: codeMode.tools, toolApproval, stopWhen: stepCountIs(5), messages });
  // #endregion README-durable
  await codeMode.close();
}
