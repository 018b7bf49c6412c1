import { COST_KEYWORD } from './bounded-keywords.js';

/**
 * Schema objects one input schema may have: Ajv compiles about 1.7 ms of event loop per
 * schema object with two cores shared fifteen ways (several times less on an idle
 * machine), and a compile runs on the event loop, at the tool's first call.
 */
export const MAX_SCHEMA_NODES = 2_000;
/** How deep schema objects may nest. */
export const MAX_SCHEMA_DEPTH = 64;

/** Keywords whose value is data, never a schema: copied as they are. */
const DATA_KEYWORDS = new Set([
  'enum', 'const', 'default', 'examples', 'required', 'dependentRequired', 'type', 'format', 'title', 'description', '$comment',
  '$schema', '$id', 'id', '$anchor', '$dynamicAnchor', '$recursiveAnchor', '$ref', '$dynamicRef', '$recursiveRef', '$vocabulary',
]);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies']);

/** Why an input schema is refused before Ajv sees it. */
export class SchemaTooLargeError extends Error {}

/**
 * A copy of `schema` with {@link COST_KEYWORD} on every schema object, its weight the
 * work its own keywords do besides visiting children (one unit, plus one per `required`
 * name). Unknown keywords are walked as schemas too, so a `$ref` into them is counted.
 * Throws {@link SchemaTooLargeError} past {@link MAX_SCHEMA_NODES} or {@link MAX_SCHEMA_DEPTH}.
 */
export function instrumentSchema(schema: object): object {
  let nodes = 0;
  const visit = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, depth));
    if (typeof node !== 'object' || node === null) return node;
    nodes += 1;
    if (nodes > MAX_SCHEMA_NODES) throw new SchemaTooLargeError(`it has more than ${MAX_SCHEMA_NODES} schema objects`);
    if (depth > MAX_SCHEMA_DEPTH) throw new SchemaTooLargeError(`its schema objects nest more than ${MAX_SCHEMA_DEPTH} deep`);
    // Entries, not assignments: a key named `__proto__` stays a key.
    const entries: [string, unknown][] = [];
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === COST_KEYWORD) continue;
      if (DATA_KEYWORDS.has(keyword)) entries.push([keyword, value]);
      else if (SCHEMA_MAPS.has(keyword) && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        entries.push([keyword, Object.fromEntries(Object.entries(value).map(([name, child]) => [name, Array.isArray(child) ? child : visit(child, depth + 1)]))]);
      } else entries.push([keyword, visit(value, depth + 1)]);
    }
    const required = (node as { required?: unknown }).required;
    entries.push([COST_KEYWORD, 1 + (Array.isArray(required) ? required.length : 0)]);
    return Object.fromEntries(entries);
  };
  return visit(schema, 0) as object;
}
