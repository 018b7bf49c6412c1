import { ConfigurationError } from '@toolcell/core';
import type { FunctionToolDeclaration } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { execDeclaration } from '../../test/sample-tools.js';
import { thrownBy } from '../../test/thrown-by.js';
import { freeformFallbackParameters, functionParameters } from './function-parameters.js';

describe('functionParameters', () => {
  it('returns the object schema itself, unchanged', () => {
    const declaration: FunctionToolDeclaration = {
      kind: 'function',
      name: 'noop',
      description: 'Nothing.',
      inputSchema: { type: 'object', properties: {} },
    };
    expect(functionParameters(declaration)).toBe(declaration.inputSchema);
  });

  it.each([
    [{ type: 'string' as const }, 'type "string"'],
    [{ type: 'array' as const }, 'type "array"'],
    [{ type: 'null' as const }, 'type "null"'],
    [{}, 'no type'],
    [{ properties: { a: { type: 'string' as const } } }, 'no type'],
    [{ type: ['object' as const, 'null' as const] }, 'type ["object","null"]'],
  ])('rejects a schema that is not an object schema (%j)', (inputSchema, described) => {
    const declaration: FunctionToolDeclaration = { kind: 'function', name: 'bad_tool', description: 'Bad.', inputSchema };
    const thrown = thrownBy(() => functionParameters(declaration));
    expect(thrown).toBeInstanceOf(ConfigurationError);
    expect(thrown).toMatchObject({
      code: 'INVALID_CONFIGURATION',
      setting: 'tools.bad_tool.inputSchema',
      message: `tools.bad_tool.inputSchema: a function tool's input schema must have "type": "object" (every provider requires it), but it has ${described}.`,
    });
  });
});

describe('freeformFallbackParameters', () => {
  it('is one required string named and described by the fallback', () => {
    expect(freeformFallbackParameters(execDeclaration)).toMatchInlineSnapshot(`
      {
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
      }
    `);
  });
});
