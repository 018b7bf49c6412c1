import { describe, expectTypeOf, it } from 'vitest';
import type { JsonValue } from './json.js';
import type { FreeformToolDefinition, ToolDeclaration, ToolDefinition } from './tool-definition.js';
import { defineTool, toDeclaration } from './tool-definition.js';
import type { TypedResult, WireOutput } from './tool-output.js';
import { jsonOutput, textOutput, toolOutput } from './tool-output.js';
import type { ToolResultOf } from './tool-result-of.js';

const add = defineTool<{ a: number; b: number }, { sum: number }>({
  kind: 'function',
  name: 'add',
  description: 'Add.',
  inputSchema: { type: 'object' },
  execute: ({ a, b }) => jsonOutput({ sum: a + b }),
});

describe('boundary types', () => {
  it('a wire declaration is not a callable tool', () => {
    expectTypeOf<ToolDeclaration>().not.toMatchTypeOf<ToolDefinition>();
    const declaration: ToolDeclaration = { kind: 'function', name: 'x', description: '', inputSchema: {} };
    // @ts-expect-error a declaration has no execute: it cannot be registered as a tool
    const tool: ToolDefinition = declaration;
    void tool;
  });

  it('a callable tool projects to a declaration, which has no execute', () => {
    expectTypeOf(toDeclaration).parameter(0).toEqualTypeOf<ToolDefinition>();
    const declaration = toDeclaration(add);
    expectTypeOf(declaration).toEqualTypeOf<ToolDeclaration>();
    // @ts-expect-error the projection drops execute: the model's view cannot be run
    void declaration.execute;
    // @ts-expect-error projecting needs a callable tool, not another declaration
    toDeclaration(declaration);
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
    expectTypeOf(add.execute).parameter(0).toEqualTypeOf<{ a: number; b: number }>();
    const registered: ToolDefinition = add;
    void registered;
  });
});

describe('ToolResultOf', () => {
  it("names a tool's typed result, sync or async, function or freeform", () => {
    expectTypeOf<ToolResultOf<typeof add>>().toEqualTypeOf<{ sum: number }>();
    const echo = { kind: 'freeform', name: 'echo', description: '', jsonFallback: { parameter: 'text', description: '' }, execute: async (input: string) => textOutput(input) } satisfies FreeformToolDefinition<string>;
    expectTypeOf<ToolResultOf<typeof echo>>().toEqualTypeOf<string>();
    expectTypeOf(echo.execute).returns.resolves.toMatchTypeOf<{ result: TypedResult<string> }>();
    expectTypeOf<ToolResultOf<ToolDefinition>>().toEqualTypeOf<JsonValue>();
    expectTypeOf<ToolResultOf<typeof add>>().not.toEqualTypeOf<JsonValue>();
  });

  it('refuses a wire declaration, which has no result', () => {
    // @ts-expect-error a declaration has no execute, so it has no result type
    expectTypeOf<ToolResultOf<ToolDeclaration>>().toBeNever();
  });
});
