import type { JsonValue } from '@toolcell/core';

/** The first JSON object or array in a model's answer (models wrap JSON in prose), if any. */
export function answerJson(answer: string): JsonValue | undefined {
  const start = answer.search(/[[{]/);
  if (start < 0) return undefined;
  for (let end = answer.length; end > start; end -= 1) {
    if (answer[end - 1] !== '}' && answer[end - 1] !== ']') continue;
    try {
      return JSON.parse(answer.slice(start, end)) as JsonValue;
    } catch {
      // a shorter slice may parse
    }
  }
  return undefined;
}

/** Whether two JSON values are equal (object keys in any order). */
export function sameJson(left: JsonValue | undefined, right: JsonValue | undefined): boolean {
  return JSON.stringify(canonical(left)) === JSON.stringify(canonical(right));
}

function canonical(value: JsonValue | undefined): JsonValue | undefined {
  if (Array.isArray(value)) return value.map((item) => canonical(item) ?? null);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key]) ?? null]));
  }
  return value;
}

/** Whether the answer names `phrase` as a whole (not as the start of a longer name or number). */
export function answerNames(answer: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w.])${escaped}(?![\\w]|\\.\\d)`).test(answer);
}
