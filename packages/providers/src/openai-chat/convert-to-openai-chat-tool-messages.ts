import type { ToolCallResult } from '../shared/provider-adapter.js';
import { dataUrl, imageTypeGuard, resultParts } from '../shared/result-parts.js';
import type {
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionToolMessageParam,
  OpenAIChatResultMessage,
} from './openai-chat-api.js';

const isOpenAIImageType = imageTypeGuard(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * One `tool` message per result, in order. Chat Completions tool messages carry text only,
 * so images follow in one `user` message after the last tool message, each introduced by
 * the call it came from; the tool message says where its images went. Chat Completions has
 * no error flag: an error outcome's wire text (`CODE: message`) tells the model.
 */
export function convertToOpenAIChatToolMessages(results: readonly ToolCallResult[]): OpenAIChatResultMessage[] {
  const toolMessages: ChatCompletionToolMessageParam[] = [];
  const imageParts: ChatCompletionContentPart[] = [];
  let imageCount = 0;
  for (const { request, outcome } of results) {
    const content: ChatCompletionContentPartText[] = [];
    for (const part of resultParts(outcome, { provider: 'OpenAI Chat Completions', supportsImage: isOpenAIImageType })) {
      if (part.type === 'text') {
        content.push({ type: 'text', text: part.text });
        continue;
      }
      imageCount += 1;
      content.push({ type: 'text', text: `[image ${imageCount} (${part.mimeType}) follows in the next user message]` });
      imageParts.push(
        { type: 'text', text: `Image ${imageCount}, from tool call ${request.callId}:` },
        { type: 'image_url', image_url: { url: dataUrl(part) } },
      );
    }
    const [only] = content;
    toolMessages.push({
      role: 'tool',
      tool_call_id: request.callId,
      content: content.length === 0 ? '' : content.length === 1 && only ? only.text : content,
    });
  }
  return imageParts.length === 0 ? toolMessages : [...toolMessages, { role: 'user', content: imageParts }];
}
