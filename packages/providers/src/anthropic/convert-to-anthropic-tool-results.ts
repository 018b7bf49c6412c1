import type { ToolCallResult } from '../shared/provider-adapter.js';
import { imageTypeGuard, resultParts } from '../shared/result-parts.js';
import type { ResultPart } from '../shared/result-parts.js';
import type { Base64ImageSource, ImageBlockParam, TextBlockParam, ToolResultBlockParam, UserMessageParam } from './anthropic-api.js';

type AnthropicImageType = Base64ImageSource['media_type'];

const isAnthropicImageType = imageTypeGuard<AnthropicImageType>(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * One `user` message holding a `tool_result` block per result, in order (nothing else, as
 * programmatic tool calling requires). Error outcomes are marked `is_error: true`. A
 * `caller` needs no echo here: it travels in the assistant turn's `tool_use` block, which
 * goes back unchanged with the conversation.
 */
export function convertToAnthropicToolResults(results: readonly ToolCallResult[]): UserMessageParam[] {
  if (results.length === 0) return [];
  return [{ role: 'user', content: results.map(toToolResultBlock) }];
}

function toToolResultBlock({ request, outcome }: ToolCallResult): ToolResultBlockParam {
  const parts = resultParts(outcome, { provider: 'Anthropic', supportsImage: isAnthropicImageType });
  const content = toContent(parts);
  return {
    type: 'tool_result',
    tool_use_id: request.callId,
    ...(content === undefined ? {} : { content }),
    ...(outcome.status === 'error' ? { is_error: true } : {}),
  };
}

function toContent(parts: readonly ResultPart<AnthropicImageType>[]): string | Array<TextBlockParam | ImageBlockParam> | undefined {
  const [only] = parts;
  if (parts.length === 0) return undefined;
  if (parts.length === 1 && only?.type === 'text') return only.text;
  return parts.map((part): TextBlockParam | ImageBlockParam => {
    return part.type === 'text'
      ? { type: 'text', text: part.text }
      : { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } };
  });
}
