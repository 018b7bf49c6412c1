import type { ModelMessage } from 'ai';

/**
 * Whether the conversation holds a `tool-approval-response` approving this tool call: its
 * approval was a round trip someone answered, not the app's policy approving it on its own.
 */
export function approvedInRoundTrip(messages: readonly ModelMessage[], toolCallId: string): boolean {
  const requests = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const part of message.content) if (part.type === 'tool-approval-request' && part.toolCallId === toolCallId) requests.add(part.approvalId);
  }
  return messages.some((message) => message.role === 'tool' && message.content.some((part) => part.type === 'tool-approval-response' && part.approved && requests.has(part.approvalId)));
}
