import type { ToolCallRequest, ToolDeclaration } from '@toolcell/core';
import { indexDeclarations } from '../shared/declaration-index.js';
import type { ParsedTurn } from '../shared/provider-adapter.js';
import { safeParseArguments } from '../shared/safe-parse-arguments.js';
import { freeformCallRequest, functionCallRequest } from '../shared/tool-call-request.js';
import { mapOpenAICaller } from './map-openai-caller.js';
import type { OpenAIResponsesResponse } from './openai-responses-api.js';

/**
 * The text and tool calls of a complete Responses API response: `function_call` items
 * (arguments parsed), `custom_tool_call` items (input verbatim), and the `output_text` of
 * message items. A call made by a programmatic-tool-calling program gets a
 * `provider_code` source and its caller as echo data.
 */
export function parseOpenAIResponsesResponse(
  response: OpenAIResponsesResponse,
  declarations: readonly ToolDeclaration[],
): ParsedTurn {
  const index = indexDeclarations(declarations);
  let text = '';
  const toolCalls: ToolCallRequest[] = [];
  for (const item of response.output) {
    if (item.type === 'message') {
      for (const part of item.content) if (part.type === 'output_text') text += part.text;
    } else if (item.type === 'function_call') {
      const origin = mapOpenAICaller(item.caller);
      toolCalls.push(
        functionCallRequest(
          { callId: item.call_id, name: item.name, arguments: safeParseArguments(item.arguments), ...origin },
          index,
        ),
      );
    } else if (item.type === 'custom_tool_call') {
      toolCalls.push(freeformCallRequest({ callId: item.call_id, name: item.name, input: item.input, ...mapOpenAICaller(item.caller) }));
    }
  }
  const stopReason = response.incomplete_details?.reason ?? response.status;
  return stopReason === undefined ? { text, toolCalls } : { text, toolCalls, stopReason };
}
