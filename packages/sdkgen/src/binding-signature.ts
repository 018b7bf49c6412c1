import type { Binding } from '@toolcell/registry';
import { renderSchemaType } from './schema-to-typescript.js';
import type { RenderedSchemaType, SchemaAlias } from './schema-to-typescript.js';
import { inlineComment } from './type-syntax.js';

/**
 * The result type of a tool without an output schema: `unknown`. Such a tool's typed
 * result is whatever JSON it returns (often a string); a program should inspect it
 * before relying on its shape.
 */
export const DEFAULT_OUTPUT_TYPE = 'unknown';

/** Options of {@link renderBindingSignature}. */
export interface BindingSignatureOptions {
  /** `Out` for tools without an output schema (default `DEFAULT_OUTPUT_TYPE` (`unknown`)). */
  readonly defaultOutputType?: string;
}

// The root description repeats the tool's own; root notes (what the type cannot show) stay.
function inline(rendered: RenderedSchemaType): string {
  return rendered.notes.length === 0 ? rendered.type : `${rendered.type} ${inlineComment(rendered.notes.join(', '))}`;
}

interface BindingParts {
  readonly parameter: string;
  readonly result: string;
  readonly aliases: readonly SchemaAlias[];
}

function renderParts(binding: Binding, options: BindingSignatureOptions, reservedNames: readonly string[] = []): BindingParts {
  const { tool } = binding;
  const input = tool.kind === 'function' ? renderSchemaType(tool.inputSchema, { rootName: 'Args', reservedNames }) : undefined;
  const parameter = input === undefined ? 'input: string' : `args: ${inline(input)}`;
  const output =
    tool.outputSchema === undefined
      ? undefined
      : renderSchemaType(tool.outputSchema, { rootName: 'Result', reservedNames: [...reservedNames, ...(input?.aliases.map((alias) => alias.name) ?? [])] });
  const result = output === undefined ? (options.defaultOutputType ?? DEFAULT_OUTPUT_TYPE) : inline(output);
  return { parameter, result, aliases: [...(input?.aliases ?? []), ...(output?.aliases ?? [])] };
}

/**
 * Render one binding as a TypeScript-like call signature:
 * `tools.<jsName>(args: In): Promise<Out>`, where `In` comes from the input schema and
 * `Out` from the output schema (or `unknown`). Freeform tools take `input: string`.
 * Aliases for `$ref`s follow on their own lines; input and output aliases never share a
 * name.
 *
 * @example
 * ```ts
 * renderBindingSignature({ canonicalName: 'read-file', jsName: 'read_file', tool: readFile });
 * // tools.read_file(args: { path: string }): Promise<unknown>
 * ```
 */
export function renderBindingSignature(binding: Binding, options: BindingSignatureOptions = {}): string {
  const { parameter, result, aliases } = renderParts(binding, options);
  return [`tools.${binding.jsName}(${parameter}): Promise<${result}>`, ...aliases.map((alias) => alias.declaration)].join('\n');
}

/** One binding as a member of `declare namespace tools { … }`, and the alias names it took. */
export interface BindingDeclaration {
  /** `function <jsName>(args: In): Promise<Out>;`, then its aliases' `type` declarations. */
  readonly text: string;
  /** The names its aliases took, for the next binding in the same namespace to avoid. */
  readonly aliasNames: readonly string[];
}

/**
 * Render one binding as a function declaration inside `declare namespace tools`, so the
 * listing is TypeScript a model can reuse (`Parameters<typeof tools.read_file>[0]`).
 * Its aliases share the namespace: they avoid `reservedNames`, the aliases of the
 * bindings declared before it.
 */
export function renderBindingDeclaration(binding: Binding, options: BindingSignatureOptions, reservedNames: readonly string[]): BindingDeclaration {
  const { parameter, result, aliases } = renderParts(binding, options, reservedNames);
  return {
    text: [`function ${binding.jsName}(${parameter}): Promise<${result}>;`, ...aliases.map((alias) => alias.declaration)].join('\n'),
    aliasNames: aliases.map((alias) => alias.name),
  };
}
