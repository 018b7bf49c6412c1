import type { JsonSchema } from '@toolcell/core';
import type { SchemaNode } from './alias-table.js';
import { AliasTable } from './alias-table.js';
import { createRenderState } from './render-schema-node.js';
import { authoritativeNote } from './schema-notes.js';
import type { TypeText } from './type-text.js';
import { commentBody, primary } from './type-text.js';
import { leadingComment } from './type-syntax.js';

/** Options of {@link schemaToTypeScript}. */
export interface SchemaToTypeScriptOptions {
  /**
   * Names the aliases must not take, e.g. the aliases of an input schema when its output
   * schema is rendered next to it. A taken name gets a number suffix (`Item2`).
   */
  readonly reservedNames?: Iterable<string>;
  /** The alias name of a schema that refers to itself with `$ref: "#"` (default `Root`). */
  readonly rootName?: string;
}

/** A named alias for a `$ref` target (`$defs`, `definitions` or any local JSON pointer). */
export interface SchemaAlias {
  /** The TypeScript name, derived from the last pointer segment. */
  readonly name: string;
  /** The JSON pointer it stands for (`#/$defs/Node`; `#` for the root). */
  readonly pointer: string;
  /** `type Name = …;`, preceded by `//` comment lines when the target has a description or notes. */
  readonly declaration: string;
}

/** A schema rendered to a TypeScript-like type, in parts. */
export interface RenderedSchemaType {
  /** The type expression (may span lines; objects indent by two spaces). */
  readonly type: string;
  /** The root schema's `description`, when it has one and is not moved to a root alias. */
  readonly description: string | undefined;
  /** Notes on the root (bounds, format, default, what the type cannot show). */
  readonly notes: readonly string[];
  /** Aliases the type refers to: the root alias first, then in order of first reference. */
  readonly aliases: readonly SchemaAlias[];
}

const descriptionOf = (node: SchemaNode): string | undefined => {
  const description = typeof node === 'object' ? node['description'] : undefined;
  return typeof description === 'string' && description.trim() !== '' ? description.trim() : undefined;
};

// `type A = B; type B = A;` names nothing: alias chains that only lead back to themselves become unknown.
function breakPureCycles(bodies: Map<string, TypeText>): void {
  for (const start of bodies.keys()) {
    const seen = new Set<string>();
    let name: string | undefined = start;
    while (name !== undefined && !seen.has(name)) {
      seen.add(name);
      const text: string | undefined = bodies.get(name)?.text;
      name = text !== undefined && bodies.has(text) ? text : undefined;
    }
    if (name === start) bodies.set(start, primary('unknown', [authoritativeNote('a circular $ref')]));
  }
}

/**
 * Render a JSON Schema as a TypeScript-like type, in parts (see {@link schemaToTypeScript}
 * for the rules). Deterministic: the same schema always renders to the same text.
 */
export function renderSchemaType(schema: JsonSchema | boolean, options: SchemaToTypeScriptOptions = {}): RenderedSchemaType {
  const root = schema as SchemaNode;
  const table = new AliasTable(root, options.reservedNames ?? [], options.rootName ?? 'Root');
  const state = createRenderState(table);
  const main = state.render(root, 0);
  const bodies = new Map<string, TypeText>();
  const targets = new Map<string, SchemaNode>();
  for (let pending = table.next(); pending !== undefined; pending = table.next()) {
    bodies.set(pending.name, pending.pointer === '#' ? main : state.render(pending.schema, 0));
    targets.set(pending.name, pending.schema);
  }
  breakPureCycles(bodies);
  const pointers = [...table.pointers].sort((left, right) => Number(right === '#') - Number(left === '#'));
  const aliases = pointers.map((pointer): SchemaAlias => {
    const name = table.nameOf(pointer) ?? '';
    const body = bodies.get(name) ?? primary('unknown');
    const target = targets.get(name) ?? true;
    const doc = leadingComment(commentBody(descriptionOf(target), body.notes), '');
    return { name, pointer, declaration: `${doc}type ${name} = ${body.text};` };
  });
  const rootAlias = table.nameOf('#');
  if (rootAlias !== undefined) return { type: rootAlias, description: undefined, notes: [], aliases };
  return { type: main.text, description: descriptionOf(root), notes: main.notes, aliases };
}

/**
 * Render a JSON Schema as a readable TypeScript-like type for a model to read.
 *
 * - objects list their properties (`name?:` unless required); a `description` becomes a
 *   `//` comment; bounds, `format`, `default` and `deprecated` become short notes in it;
 * - `enum` and `const` become literal unions; `oneOf`/`anyOf` unions; `allOf` intersections;
 * - arrays become `T[]`, `prefixItems` (or an `items` array) tuples;
 * - `nullable: true` and `type: [..., "null"]` add `| null`;
 * - `additionalProperties` / `patternProperties` become index signatures or `Record`s;
 * - local `$ref`s (into `$defs`, `definitions`, or any JSON pointer, `#` included) become
 *   named aliases, so recursive schemas are fine;
 * - what a type cannot say (`not`, `if`, remote `$ref`s…) becomes `unknown` or stays
 *   approximate, with a note that the JSON Schema is authoritative.
 *
 * The result is the type expression, preceded by the root's comment when it has one,
 * and followed by the alias declarations it uses, one per line (`type Node = …;`), so
 * `type T = <result>;` is valid TypeScript.
 *
 * @example
 * ```ts
 * schemaToTypeScript({
 *   type: 'object',
 *   properties: { path: { type: 'string', description: 'File to read.' }, limit: { type: 'integer', minimum: 1 } },
 *   required: ['path'],
 * });
 * // {
 * //   path: string; // File to read.
 * //   limit?: number; // integer, >= 1
 * // }
 * ```
 */
export function schemaToTypeScript(schema: JsonSchema | boolean, options: SchemaToTypeScriptOptions = {}): string {
  const rendered = renderSchemaType(schema, options);
  const doc = leadingComment(commentBody(rendered.description, rendered.notes), '');
  return [`${doc}${rendered.type}`, ...rendered.aliases.map((alias) => alias.declaration)].join('\n');
}
