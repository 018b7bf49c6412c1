// What only the Chat Completions stream has; what every assembler does alike is in provider-contract.stream.test.ts.
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { assembleChunks } from '../../test/assemble-chunks.js';
import { readChunkFixture, readJsonFixture } from '../../test/fixtures.js';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { createOpenAIChatStreamAssembler } from './openai-chat-stream-assembler.js';
import { parseOpenAIChatResponse } from './parse-openai-chat-response.js';

const recorded = readChunkFixture<ChatCompletionChunk>(new URL('./__fixtures__/stream-calls.chunks.txt', import.meta.url));
const assemble = (chunks: readonly ChatCompletionChunk[]) => assembleChunks(createOpenAIChatStreamAssembler(codeModeDeclarations), chunks).turn;

describe('createOpenAIChatStreamAssembler', () => {
  it('gives the same calls whatever the order of interleaved deltas', () => {
    const argumentDeltas = recorded.filter((chunk) => chunk.choices[0]?.delta.tool_calls?.[0]?.id === undefined && chunk.choices[0]?.delta.tool_calls);
    const starts = recorded.filter((chunk) => chunk.choices[0]?.delta.tool_calls?.[0]?.id !== undefined);
    const text = recorded.filter((chunk) => chunk.choices[0]?.delta.content);
    // Every call starts first, then text and argument deltas of all calls alternate.
    const byCall = [0, 1, 2].map((index) => argumentDeltas.filter((chunk) => chunk.choices[0]?.delta.tool_calls?.[0]?.index === index));
    const interleaved: ChatCompletionChunk[] = [...starts];
    for (let step = 0; byCall.some((deltas) => step < deltas.length) || step < text.length; step += 1) {
      const textChunk = text[step];
      if (textChunk) interleaved.push(textChunk);
      for (const deltas of byCall) {
        const delta = deltas[step];
        if (delta) interleaved.push(delta);
      }
    }
    expect(assemble(interleaved).toolCalls).toEqual(assemble(recorded).toolCalls);
    expect(assemble(interleaved).text).toBe('Checking both cities now.');
  });

  it('reads like the complete response with the same calls', () => {
    const complete = readJsonFixture<ChatCompletion>(new URL('./__fixtures__/parallel-calls.json', import.meta.url));
    const calls = complete.choices[0]?.message.tool_calls ?? [];
    const stream: ChatCompletionChunk[] = calls.map((call, index) => ({
      id: complete.id,
      object: 'chat.completion.chunk',
      created: complete.created,
      model: complete.model,
      choices: [
        {
          index: 0,
          finish_reason: index === calls.length - 1 ? 'tool_calls' : null,
          delta: {
            tool_calls: [
              call.type === 'function'
                ? { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: call.function.arguments } }
                : { index },
            ],
          },
        },
      ],
    }));
    expect(assemble(stream)).toEqual(parseOpenAIChatResponse(complete, codeModeDeclarations));
  });

  it('ignores choices other than the first', () => {
    const [first] = recorded;
    if (!first) throw new Error('the recording has chunks');
    const secondChoice = { ...first, choices: [{ index: 1, delta: { content: 'second choice' }, finish_reason: 'stop' as const }] };
    expect(assemble([secondChoice])).toEqual({ text: '', toolCalls: [] });
  });
});
