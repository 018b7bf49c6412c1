import type { ToolDeclaration } from '@toolcell/core';
import type { ParsedTurn } from '../shared/provider-adapter.js';
import type { GeminiResponse } from './gemini-api.js';
import { createGeminiStreamAssembler } from './gemini-stream-assembler.js';

/**
 * The text and function calls of a complete Gemini response (its first candidate). A
 * complete response reads exactly like a stream of one chunk, so it is parsed as one.
 */
export function parseGeminiResponse(response: GeminiResponse, declarations: readonly ToolDeclaration[]): ParsedTurn {
  const assembler = createGeminiStreamAssembler(declarations);
  assembler.push(response);
  return assembler.finish();
}
