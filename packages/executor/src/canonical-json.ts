import { spend } from './validation-budget.js';

/**
 * A string equal for two JSON values exactly when they are deep-equal (object keys
 * sorted), so sets and maps can compare them in linear time. Spends one unit per value.
 */
export function canonicalJson(value: unknown): string {
  spend(1);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
