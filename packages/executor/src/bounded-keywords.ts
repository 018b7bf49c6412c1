import type { ErrorObject, FuncKeywordDefinition } from 'ajv';
import { canonicalJson } from './canonical-json.js';
import { spend } from './validation-budget.js';

/**
 * The keyword {@link instrumentSchema} adds to every schema object: it spends the node's
 * weight, plus one unit per item or key of the value it checks, before the node's own
 * keywords run.
 */
export const COST_KEYWORD = 'x-toolcell-cost';

type ErrorsOf = { errors?: Partial<ErrorObject>[] };

const isPrimitive = (value: unknown): value is string | number | boolean | null => value === null || typeof value !== 'object';

function childCount(data: unknown): number {
  if (Array.isArray(data)) return data.length;
  if (typeof data !== 'object' || data === null) return 0;
  let keys = 0;
  for (const key in data) if (Object.hasOwn(data, key)) keys += 1;
  return keys;
}

const cost: FuncKeywordDefinition = {
  keyword: COST_KEYWORD,
  schemaType: 'number',
  // First in its group: before `$ref`, `enum` and the applicators, so it counts even a
  // node whose first check fails.
  before: '$comment',
  errors: false,
  validate: (weight: number, data: unknown) => {
    spend(weight + childCount(data));
    return true;
  },
};

/**
 * `uniqueItems` in linear time: items are compared by their canonical JSON in a map
 * (Ajv's own keyword compares every pair of objects: 12,000 objects take seconds).
 */
const uniqueItems: FuncKeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  compile: (unique: boolean) => {
    const validate = ((data: unknown[]) => {
      if (!unique) return true;
      const seen = new Map<unknown, number>();
      // From the last item down, like Ajv, so the message names the same pair.
      for (let index = data.length - 1; index >= 0; index -= 1) {
        const item = data[index];
        const key = isPrimitive(item) ? item : `\u0000${canonicalJson(item)}`;
        const later = seen.get(key);
        if (later !== undefined) {
          validate.errors = [{ keyword: 'uniqueItems', params: { i: index, j: later }, message: `must NOT have duplicate items (items ## ${later} and ${index} are identical)` }];
          return false;
        }
        seen.set(key, index);
      }
      return true;
    }) as ((data: unknown[]) => boolean) & ErrorsOf;
    return validate;
  },
};

/**
 * `enum` as a set lookup: compiling stays linear in the number of values (Ajv's own
 * keyword generates one comparison per value: 40,000 strings take seconds to compile),
 * and a check costs the size of the value, not the length of the list.
 */
const enumKeyword: FuncKeywordDefinition = {
  keyword: 'enum',
  schemaType: 'array',
  compile: (allowedValues: unknown[]) => {
    const primitives = new Set<unknown>();
    const structured = new Set<string>();
    for (const value of allowedValues) {
      if (isPrimitive(value)) primitives.add(value);
      else structured.add(canonicalJson(value));
    }
    const validate = ((data: unknown) => {
      if (isPrimitive(data) ? primitives.has(data) : structured.size > 0 && structured.has(canonicalJson(data))) return true;
      validate.errors = [{ keyword: 'enum', params: { allowedValues }, message: 'must be equal to one of the allowed values' }];
      return false;
    }) as ((data: unknown) => boolean) & ErrorsOf;
    return validate;
  },
};

/** The keywords a bounded validator adds or replaces: the cost counter, `uniqueItems`, `enum`. */
export const BOUNDED_KEYWORDS: readonly FuncKeywordDefinition[] = [cost, uniqueItems, enumKeyword];
