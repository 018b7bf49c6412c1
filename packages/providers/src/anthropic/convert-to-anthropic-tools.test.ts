import { ConfigurationError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { thrownBy } from '../../test/thrown-by.js';
import { convertToAnthropicTools } from './convert-to-anthropic-tools.js';

describe('convertToAnthropicTools', () => {
  it('sends function tools as they are and exec as a tool taking { code }', () => {
    expect(convertToAnthropicTools(codeModeDeclarations)).toMatchInlineSnapshot(`
      [
        {
          "description": "Current weather for a city.",
          "input_schema": {
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
          "name": "get_weather",
        },
        {
          "description": "Search the product documentation.",
          "input_schema": {
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
          "name": "search_docs",
        },
        {
          "description": "Run a JavaScript program that calls tools as \`await tools.<name>(args)\`.",
          "input_schema": {
            "additionalProperties": false,
            "properties": {
              "code": {
                "description": "The JavaScript program to run.",
                "type": "string",
              },
            },
            "required": [
              "code",
            ],
            "type": "object",
          },
          "name": "exec",
        },
      ]
    `);
  });

  it('refuses a function tool whose schema is not an object schema', () => {
    const error = thrownBy(() => convertToAnthropicTools([{ kind: 'function', name: 'echo', description: 'Echo.', inputSchema: {} }]));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({
      code: 'INVALID_CONFIGURATION',
      message: `tools.echo.inputSchema: a function tool's input schema must have "type": "object" (every provider requires it), but it has no type.`,
    });
  });
});
