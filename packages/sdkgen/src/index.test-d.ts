import type { JsonValue, ToolDeclaration, ToolDefinition } from '@toolcell/core';
import type { Binding, ToolRegistry } from '@toolcell/registry';
import { describe, expectTypeOf, it } from 'vitest';
import type { AllToolsEntry, PromptSection, ToolSearchResult } from './index.js';
import { allTools, createToolSearchTool, generateExecDescription, renderBindingSignature, systemPromptSections } from './index.js';

describe('public types', () => {
  it('tool_search is a callable tool the registry accepts', () => {
    expectTypeOf(createToolSearchTool).returns.toExtend<ToolDefinition>();
    expectTypeOf<Parameters<ToolRegistry['register']>[0]>().toEqualTypeOf<ToolDefinition>();
  });

  it('describes scopes with plain data', () => {
    expectTypeOf(generateExecDescription).returns.toEqualTypeOf<string>();
    expectTypeOf(allTools).returns.toEqualTypeOf<AllToolsEntry[]>();
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
    expectTypeOf<ToolSearchResult['tools'][number]['inputSchema']>().not.toEqualTypeOf<JsonValue>();
  });
});
