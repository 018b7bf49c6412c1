// Adapter overhead per request: converting declarations, parsing a response, assembling a
// streamed call. Prints figures; never fails on speed.
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { printTable, runSuite } from '@toolcell/bench-kit';
import type { ToolDeclaration } from '@toolcell/core';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import { anthropicAdapter } from '../src/anthropic/index.js';
import { geminiAdapter } from '../src/gemini/index.js';
import { openaiChatAdapter } from '../src/openai-chat/index.js';
import { openaiResponsesAdapter } from '../src/openai-responses/index.js';

const declarations: ToolDeclaration[] = [
  ...Array.from({ length: 99 }, (_, index): ToolDeclaration => ({
    kind: 'function',
    name: `tool_${index}`,
    description: `Tool number ${index}.`,
    inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'] },
  })),
  { kind: 'freeform', name: 'exec', description: 'Run a program.', jsonFallback: { parameter: 'code', description: 'The program.' } },
];

const program = `${'const value = await tools.tool_1({ query: "x" });\n'.repeat(400)}text(String(value));`;
const execArguments = JSON.stringify({ code: program });
const deltaSize = Math.ceil(execArguments.length / 1000);
const pieces = Array.from({ length: Math.ceil(execArguments.length / deltaSize) }, (_, index) =>
  execArguments.slice(index * deltaSize, (index + 1) * deltaSize),
);

const completion: ChatCompletion = {
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-4.1',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      logprobs: null,
      message: {
        role: 'assistant',
        content: null,
        refusal: null,
        tool_calls: Array.from({ length: 10 }, (_, index) => ({
          id: `call_${index}`,
          type: 'function' as const,
          function: { name: `tool_${index}`, arguments: JSON.stringify({ query: `q${index}`, limit: index }) },
        })),
      },
    },
  ],
};

const chatChunks: ChatCompletionChunk[] = pieces.map((piece, index) => ({
  id: 'chatcmpl-bench',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'gpt-4.1',
  choices: [
    {
      index: 0,
      finish_reason: null,
      delta: { tool_calls: [index === 0 ? { index: 0, id: 'call_exec', type: 'function', function: { name: 'exec', arguments: piece } } : { index: 0, function: { arguments: piece } }] },
    },
  ],
}));

const anthropicEvents: RawMessageStreamEvent[] = [
  { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_exec', name: 'exec', input: {}, caller: { type: 'direct' } } },
  ...pieces.map((piece): RawMessageStreamEvent => ({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: piece } })),
];

await runSuite('declarations out (100 tools)', {
  'openai-chat toTools': () => openaiChatAdapter.toTools(declarations),
  'openai-responses toTools': () => openaiResponsesAdapter.toTools(declarations),
  'anthropic toTools': () => anthropicAdapter.toTools(declarations),
  'gemini toTools': () => geminiAdapter.toTools(declarations),
});

await runSuite('calls in', {
  'openai-chat parseResponse (10 calls)': () => openaiChatAdapter.parseResponse(completion, declarations),
  [`openai-chat stream: ${chatChunks.length} deltas of a ${execArguments.length}-byte exec call`]: () => {
    const assembler = openaiChatAdapter.createStreamAssembler(declarations);
    for (const chunk of chatChunks) assembler.push(chunk);
    return assembler.finish();
  },
  [`anthropic stream: ${anthropicEvents.length - 1} deltas of the same call`]: () => {
    const assembler = anthropicAdapter.createStreamAssembler(declarations);
    for (const event of anthropicEvents) assembler.push(event);
    return assembler.finish();
  },
});

printTable('bench inputs', [{ declarations: declarations.length, 'exec arguments bytes': execArguments.length, deltas: pieces.length }]);
