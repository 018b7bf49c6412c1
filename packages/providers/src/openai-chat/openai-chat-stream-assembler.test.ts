import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { readChunkFixture, readJsonFixture } from '../../test/fixtures.js';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import type { StreamUpdate } from '../shared/provider-adapter.js';
import { createOpenAIChatStreamAssembler } from './openai-chat-stream-assembler.js';
import { parseOpenAIChatResponse } from './parse-openai-chat-response.js';

function chunks(name: string): ChatCompletionChunk[] {
  return readChunkFixture<ChatCompletionChunk>(new URL(`./__fixtures__/${name}`, import.meta.url));
}

function assemble(input: readonly ChatCompletionChunk[]): { turn: ReturnType<ReturnType<typeof createOpenAIChatStreamAssembler>['finish']>; updates: StreamUpdate[] } {
  const assembler = createOpenAIChatStreamAssembler(codeModeDeclarations);
  const updates = input.flatMap((chunk) => assembler.push(chunk));
  return { turn: assembler.finish(), updates };
}

describe('createOpenAIChatStreamAssembler', () => {
  it('assembles text and three parallel calls from argument deltas', () => {
    const { turn, updates } = assemble(chunks('stream-calls.chunks.txt'));
    expect(turn).toMatchInlineSnapshot(`
      {
        "stopReason": "tool_calls",
        "text": "Checking both cities now.",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
              "unit": "celsius",
            },
            "callId": "call_Qe2Rf4Sg6Th8Ui0Vj2Wk4Xl6",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "args": {
              "city": "Tokyo",
              "unit": "celsius",
            },
            "callId": "call_Ym8Zn0Ao2Bp4Cq6Dr8Es0Ft2",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "callId": "call_Gu4Hv6Iw8Jx0Ky2Lz4Ma6Nb8",
            "input": "const [paris, tokyo] = await Promise.all([
        tools.get_weather({ city: 'Paris' }),
        tools.get_weather({ city: 'Tokyo' }),
      ]);
      text(\`Paris \${paris.temperature}, Tokyo \${tokyo.temperature}\`);",
            "name": "exec",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
    expect(updates.filter((update) => update.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', callId: 'call_Qe2Rf4Sg6Th8Ui0Vj2Wk4Xl6', name: 'get_weather' },
      { type: 'tool-call-start', callId: 'call_Ym8Zn0Ao2Bp4Cq6Dr8Es0Ft2', name: 'get_weather' },
      { type: 'tool-call-start', callId: 'call_Gu4Hv6Iw8Jx0Ky2Lz4Ma6Nb8', name: 'exec' },
    ]);
    const streamedText = updates.map((update) => (update.type === 'text-delta' ? update.text : '')).join('');
    expect(streamedText).toBe(turn.text);
  });

  it('gives the same calls whatever the order of interleaved deltas', () => {
    const recorded = chunks('stream-calls.chunks.txt');
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
    expect(assemble(interleaved).turn.toolCalls).toEqual(assemble(recorded).turn.toolCalls);
    expect(assemble(interleaved).turn.text).toBe('Checking both cities now.');
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
    expect(assemble(stream).turn).toEqual(parseOpenAIChatResponse(complete, codeModeDeclarations));
  });

  it('turns arguments cut off by the length limit into INVALID_ARGS for that call only', () => {
    const { turn } = assemble(chunks('stream-malformed.chunks.txt'));
    expect(turn).toMatchInlineSnapshot(`
      {
        "stopReason": "length",
        "text": "",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
            },
            "callId": "call_Oc0Pd2Qe4Rf6Sg8Th0Ui2Vj4",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "argumentsError": "The arguments are not valid JSON: {"city": "Tok. Send the arguments again as one complete JSON object.",
            "callId": "call_Wk6Xl8Ym0Zn2Ao4Bp6Cq8Dr0",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
  });

  it('ignores choices other than the first', () => {
    const assembler = createOpenAIChatStreamAssembler(codeModeDeclarations);
    assembler.push({
      id: 'chatcmpl-x',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'gpt-4.1',
      choices: [{ index: 1, delta: { content: 'second choice' }, finish_reason: 'stop' }],
    });
    expect(assembler.finish()).toEqual({ text: '', toolCalls: [] });
  });
});
