import { ConfigurationError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { thrownBy } from '../../test/thrown-by.js';
import { convertToOpenAIResponsesTools } from './convert-to-openai-responses-tools.js';

describe('convertToOpenAIResponsesTools', () => {
  it('sends function tools as they are and exec as a custom tool', () => {
    expect(convertToOpenAIResponsesTools(codeModeDeclarations)).toMatchInlineSnapshot(`
      [
        {
          "description": "Current weather for a city.",
          "name": "get_weather",
          "parameters": {
            "additionalProperties": false,
            "properties": {
              "city": {
                "description": "City name, e.g. "Paris".",
                "type": "string",
              },
              "unit": {
                "enum": [
                  "celsius",
                  "fahrenheit",
                ],
                "type": "string",
              },
            },
            "required": [
              "city",
            ],
            "type": "object",
          },
          "strict": false,
          "type": "function",
        },
        {
          "description": "Search the product documentation.",
          "name": "search_docs",
          "parameters": {
            "properties": {
              "limit": {
                "minimum": 1,
                "type": "integer",
              },
              "query": {
                "type": "string",
              },
            },
            "required": [
              "query",
            ],
            "type": "object",
          },
          "strict": false,
          "type": "function",
        },
        {
          "description": "Run a JavaScript program that calls tools as \`await tools.<name>(args)\`.",
          "name": "exec",
          "type": "custom",
        },
      ]
    `);
  });

  it('refuses a function tool whose schema is not an object schema', () => {
    const error = thrownBy(() =>
      convertToOpenAIResponsesTools([{ kind: 'function', name: 'echo', description: 'Echo.', inputSchema: { type: 'array' } }]),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({
      code: 'INVALID_CONFIGURATION',
      message: `tools.echo.inputSchema: a function tool's input schema must have "type": "object" (every provider requires it), but it has type "array".`,
    });
  });
});
