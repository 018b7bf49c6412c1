import type { ToolCallRequest, ToolDeclaration } from '@toolcell/core';
import { indexDeclarations } from '../shared/declaration-index.js';
import type { ParsedTurn } from '../shared/provider-adapter.js';
import { checkArgumentsObject } from '../shared/safe-parse-arguments.js';
import { functionCallRequest } from '../shared/tool-call-request.js';
import type { AnthropicResponse } from './anthropic-api.js';
import { mapAnthropicCaller } from './map-anthropic-caller.js';

/**
 * The text and tool calls of a complete Messages API response: `text` blocks and
 * `tool_use` blocks (server tools such as code execution are the provider's own and are
 * skipped). A call made from code execution gets a `provider_code` source.
 */
export function parseAnthropicResponse(response: AnthropicResponse, declarations: readonly ToolDeclaration[]): ParsedTurn {
  const index = indexDeclarations(declarations);
  let text = '';
  const toolCalls: ToolCallRequest[] = [];
  for (const block of response.content) {
    if (block.type === 'text') text += block.text;
    if (block.type === 'tool_use') {
      toolCalls.push(
        functionCallRequest(
          { callId: block.id, name: block.name, arguments: checkArgumentsObject(block.input), ...mapAnthropicCaller(block.caller) },
          index,
        ),
      );
    }
  }
  return response.stop_reason === null ? { text, toolCalls } : { text, toolCalls, stopReason: response.stop_reason };
}
