// Tool argument and result types: `type` aliases work as they are; an `interface` works once
// it extends JsonObject (TypeScript gives interfaces no implicit index signature), which is
// what the README tells adopters.
import { describe, expectTypeOf, it } from 'vitest';
import type { JsonObject } from './json.js';
import type { FunctionToolDefinition } from './tool-definition.js';
import { defineTool } from './tool-definition.js';
import { jsonOutput } from './tool-output.js';

type ReadArgsAlias = { path: string };
interface ReadArgs extends JsonObject {
  path: string;
}
interface ReadResult extends JsonObject {
  content: string;
}
interface PlainArgs {
  path: string;
}

const base = { kind: 'function', name: 'read_file', description: 'Read.', inputSchema: { type: 'object' } } as const;

describe('tool argument and result types', () => {
  it('accept type aliases', () => {
    const tool = defineTool<ReadArgsAlias, { content: string }>({ ...base, execute: ({ path }) => jsonOutput({ content: path }) });
    expectTypeOf(tool).toEqualTypeOf<FunctionToolDefinition<ReadArgsAlias, { content: string }>>();
  });

  it('accept interfaces that extend JsonObject', () => {
    const tool = defineTool<ReadArgs, ReadResult>({ ...base, execute: ({ path }) => jsonOutput({ content: path }) });
    expectTypeOf(tool).toEqualTypeOf<FunctionToolDefinition<ReadArgs, ReadResult>>();
  });

  it('reject a plain interface, which has no index signature', () => {
    // @ts-expect-error TS2344: Index signature for type 'string' is missing in type 'PlainArgs'
    defineTool<PlainArgs, ReadResult>({ ...base, execute: ({ path }: PlainArgs) => jsonOutput({ content: path }) });
  });
});
