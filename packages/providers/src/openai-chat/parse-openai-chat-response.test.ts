import type { ChatCompletion } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { EXEC_CODE, codeModeDeclarations } from '../../test/sample-tools.js';
import { invalidArgumentsOutcome } from '../shared/invalid-arguments-outcome.js';
import { parseOpenAIChatResponse } from './parse-openai-chat-response.js';

function fixture(name: string): ChatCompletion {
  return readJsonFixture<ChatCompletion>(new URL(`./__fixtures__/${name}`, import.meta.url));
}

describe('parseOpenAIChatResponse', () => {
  it('reads a plain text answer', () => {
    expect(parseOpenAIChatResponse(fixture('text.json'), codeModeDeclarations)).toMatchInlineSnapshot(`
      {
        "stopReason": "stop",
        "text": "The capital of France is Paris.",
        "toolCalls": [],
      }
    `);
  });

  it('reads one call', () => {
    expect(parseOpenAIChatResponse(fixture('one-call.json'), codeModeDeclarations)).toMatchInlineSnapshot(`
      {
        "stopReason": "tool_calls",
        "text": "",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
              "unit": "celsius",
            },
            "callId": "call_Wq4QhZ0dS2aFtd8m2b3X9kLp",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
  });

  it('reads parallel calls in order and maps exec { code } back to input', () => {
    const turn = parseOpenAIChatResponse(fixture('parallel-calls.json'), codeModeDeclarations);
    expect(turn.toolCalls.map((call) => call.name)).toEqual(['get_weather', 'get_weather', 'exec']);
    expect(turn.toolCalls[2]).toEqual({ callId: 'call_Y7aB3cD5eF9gH1iJ2kL4mN6o', name: 'exec', source: { type: 'model' }, input: EXEC_CODE });
    expect(turn).toMatchInlineSnapshot(`
      {
        "stopReason": "tool_calls",
        "text": "",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
            },
            "callId": "call_8bN2kQ4vT1xR7mP0sL5cZ3yW",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "args": {
              "city": "Tokyo",
            },
            "callId": "call_J6fD9gH2kL4mN8pQ1rS3tV5x",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "callId": "call_Y7aB3cD5eF9gH1iJ2kL4mN6o",
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
  });

  it('turns malformed arguments into INVALID_ARGS for that call only', () => {
    const turn = parseOpenAIChatResponse(fixture('malformed-arguments.json'), codeModeDeclarations);
    expect(turn).toMatchInlineSnapshot(`
      {
        "stopReason": "tool_calls",
        "text": "",
        "toolCalls": [
          {
            "argumentsError": "The arguments are not valid JSON: {"city": "Paris", "unit": }. Send the arguments again as one complete JSON object.",
            "callId": "call_Mx5Ny7Oz9Pa1Qb3Rc5Sd7Te9",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "args": {
              "city": "Tokyo",
            },
            "callId": "call_Uf1Vg3Wh5Xi7Yj9Zk1Al3Bm5",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "argumentsError": "exec takes {"code": string}; the "code" field is missing or not a string.",
            "callId": "call_Cn7Do9Ep1Fq3Gr5Hs7It9Ju1",
            "name": "exec",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
    const outcomes = turn.toolCalls.map((call) => invalidArgumentsOutcome(call)?.code);
    expect(outcomes).toEqual(['INVALID_ARGS', undefined, 'INVALID_ARGS']);
  });

  it('reads custom tool calls as freeform input', () => {
    const turn = parseOpenAIChatResponse(
      {
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            logprobs: null,
            message: {
              role: 'assistant',
              content: null,
              refusal: null,
              tool_calls: [{ id: 'call_c', type: 'custom', custom: { name: 'exec', input: 'text("hi")' } }],
            },
          },
        ],
      },
      codeModeDeclarations,
    );
    expect(turn.toolCalls).toEqual([{ callId: 'call_c', name: 'exec', source: { type: 'model' }, input: 'text("hi")' }]);
  });

  it('reads a response without choices as an empty turn', () => {
    expect(parseOpenAIChatResponse({ choices: [] }, codeModeDeclarations)).toEqual({ text: '', toolCalls: [] });
  });
});
