import { ConfigurationError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { thrownBy } from '../../test/thrown-by.js';
import { convertToGeminiTools } from './convert-to-gemini-tools.js';

describe('convertToGeminiTools', () => {
  it('sends one tool whose function declarations carry the schemas as JSON Schema, exec taking { code }', () => {
    expect(convertToGeminiTools(codeModeDeclarations)).toMatchInlineSnapshot(`
      [
        {
          "functionDeclarations": [
            {
              "description": "Current weather for a city.",
              "name": "get_weather",
              "parametersJsonSchema": {
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
            },
            {
              "description": "Search the product documentation.",
              "name": "search_docs",
              "parametersJsonSchema": {
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
            },
            {
              "description": "Run a JavaScript program that calls tools as \`await tools.<name>(args)\`.",
              "name": "exec",
              "parametersJsonSchema": {
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
            },
          ],
        },
      ]
    `);
  });

  it('sends no tool for no declarations', () => {
    expect(convertToGeminiTools([])).toEqual([]);
  });

  it('refuses a function tool whose schema is not an object schema', () => {
    const error = thrownBy(() => convertToGeminiTools([{ kind: 'function', name: 'echo', description: 'Echo.', inputSchema: { type: 'null' } }]));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({
      code: 'INVALID_CONFIGURATION',
      message: `tools.echo.inputSchema: a function tool's input schema must have "type": "object" (every provider requires it), but it has type "null".`,
    });
  });
});
