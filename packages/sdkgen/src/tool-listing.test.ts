import type { FunctionToolDefinition } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LIMITS, execTool, simpleTool } from './__fixtures__/registry-setup.js';
import { TOOL_CORPUS } from './__fixtures__/tool-corpus.js';
import { toolFromFixture } from './__fixtures__/tool-fixture.js';
import { generateExecDescription } from './exec-description.js';

const FILE = 'declarations.ts';

/** TypeScript's diagnostics (syntax and types, strict) for `source` as a module of its own. */
function typeErrors(source: string): string[] {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022, lib: ['lib.es2022.d.ts'], types: [] };
  const host = ts.createCompilerHost(options);
  const readLibrary = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) => (name === FILE ? ts.createSourceFile(FILE, source, language) : readLibrary(name, language));
  const program = ts.createProgram([FILE], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** The `declare namespace tools { … }` part of a full exec description. */
function declarationsOf(tools: readonly FunctionToolDefinition[]): string {
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  registry.register(execTool(registry));
  for (const tool of tools) registry.register(tool);
  const description = generateExecDescription(registry, registry.root, { limits: LIMITS });
  return description.slice(description.indexOf('declare namespace tools {'));
}

const tree = (name: string, output?: FunctionToolDefinition['outputSchema']): FunctionToolDefinition =>
  simpleTool(name, `Walks a ${name}.`, {
    inputSchema: { type: 'object', properties: { root: { $ref: '#/$defs/Node' } }, required: ['root'], $defs: { Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } } },
    ...(output === undefined ? {} : { outputSchema: output }),
  });

// Type-checking loads TypeScript's lib files: generous bounds for a busy machine.
describe('the tools in the exec description are TypeScript declarations', { timeout: 60_000 }, () => {
  it('detects a type error (the check can fail)', () => {
    expect(typeErrors('declare namespace tools { function f(args: { a: string }): Promise<number>; }\nconst n: string = await tools.f({ a: "x" });\nexport {};')).not.toEqual([]);
  });

  it(`type-checks for the whole tool corpus (${TOOL_CORPUS.size} tools) in one namespace`, () => {
    const source = declarationsOf([...TOOL_CORPUS.values()].map(toolFromFixture));
    expect(source.endsWith('\n}')).toBe(true);
    expect(typeErrors(`${source}\nexport {};`)).toEqual([]);
  });

  it('gives colliding $ref aliases of different tools distinct names, and the types can be reused', () => {
    const recursive: FunctionToolDefinition['outputSchema'] = { $ref: '#/$defs/Node', $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } } };
    const source = declarationsOf([tree('forest'), tree('tree', recursive), simpleTool('plain'), { ...simpleTool('self'), inputSchema: { type: 'object', properties: { child: { $ref: '#' } } } }]);
    expect(source).toContain('type Node = ');
    expect(source).toContain('type Node2 = ');
    expect(source).toContain('type Node3 = ');
    const program = [
      source,
      'type TreeArgs = Parameters<typeof tools.tree>[0];',
      'const args: TreeArgs = { root: { children: [{}] } };',
      'const walked: Awaited<ReturnType<typeof tools.tree>> = await tools.tree(args);',
      'const next: { next?: unknown } | undefined = walked.next;',
      'await tools.self({ child: { child: {} } });',
      'export { next };',
    ].join('\n');
    expect(typeErrors(program), program).toEqual([]);
    expect(typeErrors(program.replace('{ children: [{}] }', '{ children: 1 }'))).not.toEqual([]);
  });
});
