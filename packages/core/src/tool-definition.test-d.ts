import { describe, expectTypeOf, it } from 'vitest';
import type { ToolDeclaration, ToolDefinition } from './tool-definition.js';
import type { TypedResult, WireOutput } from './tool-output.js';
import { jsonOutput, toolOutput } from './tool-output.js';
import { defineTool } from './tool-definition.js';

describe('boundary types', () => {
  it('a wire declaration is not a callable tool', () => {
    expectTypeOf<ToolDeclaration>().not.toMatchTypeOf<ToolDefinition>();
    const declaration: ToolDeclaration = { kind: 'function', name: 'x', description: '', inputSchema: {} };
    // @ts-expect-error a declaration has no execute: it cannot be registered as a tool
    const tool: ToolDefinition = declaration;
    void tool;
  });

  it('a callable tool projects to a declaration', () => {
    expectTypeOf<ToolDefinition>().toMatchTypeOf<{ name: string; execute: unknown }>();
  });

  it('wire content is not a typed result, and the other way round', () => {
    expectTypeOf<WireOutput>().not.toMatchTypeOf<TypedResult>();
    expectTypeOf<TypedResult>().not.toMatchTypeOf<WireOutput>();
    const output = toolOutput({ result: { n: 1 }, wire: 'one' });
    // @ts-expect-error the model's content cannot stand in for the program's result
    const result: TypedResult = output.wire;
    void result;
  });

  it('defineTool types the input and the result', () => {
    const add = defineTool<{ a: number; b: number }, number>({
      kind: 'function',
      name: 'add',
      description: 'Add.',
      inputSchema: { type: 'object' },
      execute: ({ a, b }) => jsonOutput(a + b),
    });
    expectTypeOf(add.execute).parameter(0).toEqualTypeOf<{ a: number; b: number }>();
    const registered: ToolDefinition = add;
    void registered;
  });
});
