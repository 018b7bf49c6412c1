import { MODEL_SOURCE } from '@toolcell/core';
import type { ToolDeclaration } from '@toolcell/core';
import { indexDeclarations } from '../shared/declaration-index.js';
import type { ParsedTurn } from '../shared/provider-adapter.js';
import { safeParseArguments } from '../shared/safe-parse-arguments.js';
import { freeformCallRequest, functionCallRequest } from '../shared/tool-call-request.js';
import type { OpenAIChatResponse } from './openai-chat-api.js';

/**
 * The text and tool calls of a complete Chat Completions response (its first choice;
 * toolcell requests one). Malformed argument JSON ends up as `argumentsError` on that call.
 */
export function parseOpenAIChatResponse(response: OpenAIChatResponse, declarations: readonly ToolDeclaration[]): ParsedTurn {
  const choice = response.choices[0];
  if (!choice) return { text: '', toolCalls: [] };
  const index = indexDeclarations(declarations);
  const toolCalls = (choice.message.tool_calls ?? []).map((call) =>
    call.type === 'function'
      ? functionCallRequest(
          {
            callId: call.id,
            name: call.function.name,
            arguments: safeParseArguments(call.function.arguments),
            source: MODEL_SOURCE,
          },
          index,
        )
      : freeformCallRequest({ callId: call.id, name: call.custom.name, input: call.custom.input, source: MODEL_SOURCE }),
  );
  return { text: choice.message.content ?? '', toolCalls, stopReason: choice.finish_reason };
}
