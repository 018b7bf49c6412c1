// Direct mode sends what an application without toolcell would send for the same tools:
// converting the registry's tools, projected to declarations without any toolcell policy,
// gives byte-identical tool lists on every provider. The baselines below are written the
// way such an application would write them, straight from the tool definitions.
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import type { Tool as GeminiTool } from '@google/genai';
import type { ToolDeclaration } from '@toolcell/core';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { directDeclarations, registryTools } from '../test/sample-tools.js';
import { anthropicAdapter } from './anthropic/index.js';
import { geminiAdapter } from './gemini/index.js';
import { openaiChatAdapter } from './openai-chat/index.js';
import { openaiResponsesAdapter } from './openai-responses/index.js';

const functionTools = registryTools.flatMap((tool) => (tool.kind === 'function' ? [tool] : []));

const withoutToolcell = {
  'openai-chat': functionTools.map(
    (tool): ChatCompletionFunctionTool => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }),
  ),
  'openai-responses': functionTools.map(
    (tool): FunctionTool => ({ type: 'function', name: tool.name, description: tool.description, parameters: tool.inputSchema, strict: false }),
  ),
  anthropic: functionTools.map(
    (tool): AnthropicTool => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema as AnthropicTool.InputSchema }),
  ),
  gemini: [
    { functionDeclarations: functionTools.map((tool) => ({ name: tool.name, description: tool.description, parametersJsonSchema: tool.inputSchema })) },
  ] satisfies GeminiTool[],
};

const adapters = [openaiChatAdapter, openaiResponsesAdapter, anthropicAdapter, geminiAdapter] as const;

function deepFreeze<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

describe('direct mode declarations', () => {
  it.each(adapters.map((adapter) => [adapter.provider, adapter] as const))(
    '%s: byte-identical to converting the registry tools without toolcell',
    (provider, adapter) => {
      expect(JSON.stringify(adapter.toTools(directDeclarations))).toBe(JSON.stringify(withoutToolcell[provider]));
    },
  );

  it.each(adapters.map((adapter) => [adapter.provider, adapter] as const))(
    '%s: a pure function of the declarations (same bytes every time, input untouched)',
    (_provider, adapter) => {
      const frozen: readonly ToolDeclaration[] = deepFreeze(structuredClone(directDeclarations));
      const first = JSON.stringify(adapter.toTools(frozen));
      expect(JSON.stringify(adapter.toTools(frozen))).toBe(first);
      expect(frozen).toEqual(directDeclarations);
    },
  );
});
