import type { JsonSchema, ToolDeclaration, ToolDefinition } from '@toolcell/core';
import type { Binding, ToolRegistry } from '@toolcell/registry';
import { describe, expectTypeOf, it } from 'vitest';
import type { PromptSection, ToolSearchResult } from './index.js';
import { createToolSearchTool, generateExecDescription, renderBindingSignature, systemPromptSections } from './index.js';

// Whether a value of type `Value` is plain JSON: primitives, arrays and objects of them.
type JsonCompatible<Value> = [Value] extends [string | number | boolean | null]
  ? true
  : [Value] extends [readonly (infer Item)[]]
    ? JsonCompatible<Item>
    : [Value] extends [(...args: never[]) => unknown]
      ? false
      : [Value] extends [object]
        ? false extends { [Key in keyof Value]-?: JsonCompatible<Exclude<Value[Key], undefined>> }[keyof Value]
          ? false
          : true
        : false;

describe('public types', () => {
  it('tool_search is a callable tool the registry accepts', () => {
    expectTypeOf(createToolSearchTool).returns.toExtend<ToolDefinition>();
    expectTypeOf<Parameters<ToolRegistry['register']>[0]>().toEqualTypeOf<ToolDefinition>();
  });

  it('describes scopes with plain data', () => {
    expectTypeOf(generateExecDescription).returns.toEqualTypeOf<string>();
    expectTypeOf(systemPromptSections).returns.toEqualTypeOf<PromptSection[]>();
    expectTypeOf<ToolSearchResult['tools'][number]['name']>().toEqualTypeOf<string>();
  });

  it('renders signatures of bindings, never of bare wire declarations', () => {
    expectTypeOf(renderBindingSignature).parameter(0).toEqualTypeOf<Binding>();
    const declaration = {} as ToolDeclaration;
    // @ts-expect-error a wire declaration has no execute, so it is not a binding's tool
    renderBindingSignature({ canonicalName: 'a', jsName: 'a', tool: declaration });
  });

  it('keeps the typed search result JSON', () => {
    // Every field of the result survives JSON (optional ones may be absent): a Date, a
    // function or a Map anywhere in it would turn this false. The raw schemas are
    // `JsonSchema`s, data read from JSON, whose keyword values are typed `unknown`.
    type Hit = ToolSearchResult['tools'][number];
    type WithoutSchemas = Omit<ToolSearchResult, 'tools'> & { readonly tools: readonly Omit<Hit, 'inputSchema' | 'outputSchema'>[] };
    expectTypeOf<JsonCompatible<WithoutSchemas>>().toEqualTypeOf<true>();
    expectTypeOf<Hit['outputSchema']>().toEqualTypeOf<JsonSchema | undefined>();
    expectTypeOf<JsonCompatible<{ readonly hits: readonly { readonly found: Date }[] }>>().toEqualTypeOf<false>();
    expectTypeOf<ToolSearchResult['tools'][number]['inputSchema']>().toEqualTypeOf<JsonSchema | undefined>();
  });
});
