import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { EXEC_CODE, codeModeDeclarations } from '../../test/sample-tools.js';
import { invalidArgumentsOutcome } from '../shared/invalid-arguments-outcome.js';
import { parseAnthropicResponse } from './parse-anthropic-response.js';

function fixture(name: string): Message {
  return readJsonFixture<Message>(new URL(`./__fixtures__/${name}`, import.meta.url));
}

describe('parseAnthropicResponse', () => {
  it('reads a plain text answer', () => {
    expect(parseAnthropicResponse(fixture('text.json'), codeModeDeclarations)).toEqual({
      text: 'The capital of France is Paris.',
      toolCalls: [],
      stopReason: 'end_turn',
    });
  });

  it('reads one call and the text before it (no caller field means a direct call)', () => {
    expect(parseAnthropicResponse(fixture('one-call.json'), codeModeDeclarations)).toMatchInlineSnapshot(`
      {
        "stopReason": "tool_use",
        "text": "I'll check the current weather in Paris.",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
              "unit": "celsius",
            },
            "callId": "toolu_01A09q90qw90lq917835lq9",
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
    const turn = parseAnthropicResponse(fixture('parallel-calls.json'), codeModeDeclarations);
    expect(turn.toolCalls.map((call) => [call.callId, call.name, call.args ?? call.input])).toEqual([
      ['toolu_01T1x1fJ34qAmk2tNTrN7Up6', 'get_weather', { city: 'Paris' }],
      ['toolu_01RTk8yV3nQ6wE9uP2sL5dF7', 'get_weather', { city: 'Tokyo' }],
      ['toolu_01VhK5mB8cX2zN4qW7eR9tY3', 'exec', EXEC_CODE],
    ]);
  });

  it('ends an exec call without its code as INVALID_ARGS, the other call unharmed', () => {
    const turn = parseAnthropicResponse(fixture('exec-missing-code.json'), codeModeDeclarations);
    expect(turn.toolCalls.map((call) => invalidArgumentsOutcome(call)?.message)).toEqual([
      'exec takes {"code": string}; the "code" field is missing or not a string.',
      undefined,
    ]);
    expect(turn.toolCalls[1]?.args).toEqual({ city: 'Tokyo' });
  });

  it('gives calls from code execution a provider_code source and keeps their caller as echo data', () => {
    expect(parseAnthropicResponse(fixture('programmatic-calls.json'), codeModeDeclarations)).toMatchInlineSnapshot(`
      {
        "stopReason": "tool_use",
        "text": "I'll query both regions from code.",
        "toolCalls": [
          {
            "args": {
              "city": "West",
            },
            "callId": "toolu_01Wf7Jq2Vb9Xk4Ln8Mp3Rs6T",
            "echo": {
              "caller": {
                "tool_id": "srvtoolu_01EuDq3NcPx8KdF2gAw9Lm4Z",
                "type": "code_execution_20250825",
              },
            },
            "name": "get_weather",
            "source": {
              "callerId": "srvtoolu_01EuDq3NcPx8KdF2gAw9Lm4Z",
              "provider": "anthropic",
              "type": "provider_code",
            },
          },
          {
            "args": {
              "city": "East",
            },
            "callId": "toolu_01Hc5Yd8Ze1Af4Bg7Ch0Di3E",
            "echo": {
              "caller": {
                "tool_id": "srvtoolu_01EuDq3NcPx8KdF2gAw9Lm4Z",
                "type": "code_execution_20250825",
              },
            },
            "name": "get_weather",
            "source": {
              "callerId": "srvtoolu_01EuDq3NcPx8KdF2gAw9Lm4Z",
              "provider": "anthropic",
              "type": "provider_code",
            },
          },
          {
            "args": {
              "query": "regions",
            },
            "callId": "toolu_01Nq2Pr5Ts8Uv1Wx4Yz7Ab0C",
            "name": "search_docs",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
  });
});
