import { MODEL_SOURCE } from '@toolcell/core';
import type { ToolCallRequest, ToolDeclaration } from '@toolcell/core';
import type { StreamAssembler } from '../shared/provider-adapter.js';
import { checkArgumentsObject } from '../shared/safe-parse-arguments.js';
import { StreamedTurn } from '../shared/streamed-turn.js';
import { functionCallRequest } from '../shared/tool-call-request.js';
import type { FunctionCall, GeminiResponse } from './gemini-api.js';

const STREAMED_ARGUMENTS_ERROR =
  'This call streamed its arguments in pieces (streamFunctionCallArguments), which toolcell does not assemble; ' +
  'call again with the arguments whole.';

/**
 * An assembler for a streamed Gemini response (`generateContentStream`). Gemini sends each
 * function call whole inside one chunk, so assembling means collecting them in order with
 * the text around them (thought summaries are left out). Calls without an id get one made
 * from the response id; a call that did have one keeps it as echo data for its response.
 */
export function createGeminiStreamAssembler(declarations: readonly ToolDeclaration[]): StreamAssembler<GeminiResponse> {
  const turn = new StreamedTurn<never>(declarations);
  const toolCalls: ToolCallRequest[] = [];

  function readCall(call: FunctionCall, responseId: string | undefined): ToolCallRequest | undefined {
    // Vertex AI's argument streaming sends a named opening part and unnamed continuations.
    const streamed = call.partialArgs !== undefined || call.willContinue !== undefined;
    if (streamed && call.name === undefined) return undefined;
    const callId = call.id ?? `${responseId ?? 'gemini'}-call-${toolCalls.length + 1}`;
    // The id goes back with the function response only if Gemini sent one.
    const echo = call.id === undefined ? {} : { echo: { id: call.id } };
    const identity = { callId, name: call.name ?? '', source: MODEL_SOURCE, ...echo };
    if (streamed) return { ...identity, argumentsError: STREAMED_ARGUMENTS_ERROR };
    return functionCallRequest({ ...identity, arguments: checkArgumentsObject(call.args ?? {}) }, turn.declarations);
  }

  return {
    push(chunk) {
      const candidate = chunk.candidates?.[0];
      for (const part of candidate?.content?.parts ?? []) {
        if (part.text !== undefined && part.thought !== true) turn.addText(part.text);
        const request = part.functionCall && readCall(part.functionCall, chunk.responseId);
        if (request) {
          toolCalls.push(request);
          turn.reportCallStart(request);
        }
      }
      if (candidate?.finishReason !== undefined) turn.stop(candidate.finishReason);
      return turn.takeUpdates();
    },
    finish: () => turn.finish(toolCalls),
  };
}
