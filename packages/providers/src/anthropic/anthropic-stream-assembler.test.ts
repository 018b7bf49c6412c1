import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { readChunkFixture } from '../../test/fixtures.js';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import type { StreamUpdate } from '../shared/provider-adapter.js';
import { createAnthropicStreamAssembler } from './anthropic-stream-assembler.js';

function events(name: string): RawMessageStreamEvent[] {
  // The recordings keep the `ping` events the API sends; the SDK drops them, and so does the assembler.
  return readChunkFixture<RawMessageStreamEvent>(new URL(`./__fixtures__/${name}`, import.meta.url));
}

function assemble(input: readonly RawMessageStreamEvent[]) {
  const assembler = createAnthropicStreamAssembler(codeModeDeclarations);
  const updates: StreamUpdate[] = input.flatMap((event) => assembler.push(event));
  return { turn: assembler.finish(), updates };
}

describe('createAnthropicStreamAssembler', () => {
  it('assembles the text block and three tool_use blocks from input_json deltas', () => {
    const { turn, updates } = assemble(events('stream-calls.chunks.txt'));
    expect(turn).toMatchInlineSnapshot(`
      {
        "stopReason": "tool_use",
        "text": "Checking both cities now.",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
              "unit": "celsius",
            },
            "callId": "toolu_01GhJ4kL7mN0pQ3rS6tU9vW2",
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
            "callId": "toolu_01XyZ2aB5cD8eF1gH4iJ7kL0",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "callId": "toolu_01MnO3pQ6rS9tU2vW5xY8zA1",
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
    expect(updates.filter((update) => update.type === 'text-delta').map((update) => update.text).join('')).toBe(turn.text);
  });

  it('gives the same calls when the blocks deltas interleave', () => {
    const recorded = events('stream-calls.chunks.txt');
    const starts = recorded.filter((event) => event.type === 'content_block_start');
    const deltas = recorded.filter((event) => event.type === 'content_block_delta');
    const byBlock = [0, 1, 2, 3].map((index) => deltas.filter((event) => event.index === index));
    const interleaved: RawMessageStreamEvent[] = [...starts];
    for (let step = 0; byBlock.some((list) => step < list.length); step += 1) {
      for (const list of byBlock) {
        const event = list[step];
        if (event) interleaved.push(event);
      }
    }
    const expected = assemble(recorded).turn;
    expect(assemble(interleaved).turn).toEqual({ text: expected.text, toolCalls: expected.toolCalls });
  });

  it('turns input cut off by max_tokens into INVALID_ARGS for that call only', () => {
    expect(assemble(events('stream-malformed.chunks.txt')).turn).toMatchInlineSnapshot(`
      {
        "stopReason": "max_tokens",
        "text": "",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
            },
            "callId": "toolu_01PqR4sT7uV0wX3yZ6aB9cD2",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "argumentsError": "The arguments are not valid JSON: {"city": "Tok. Send the arguments again as one complete JSON object.",
            "callId": "toolu_01EfG5hI8jK1lM4nO7pQ0rS3",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
  });
});
