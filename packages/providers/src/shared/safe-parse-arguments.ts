import type { JsonObject } from '@toolcell/core';

/** The result of reading a call's arguments: the object, or why it could not be read. */
export type SafeParseArgumentsResult =
  | { readonly success: true; readonly value: JsonObject }
  | { readonly success: false; readonly error: string };

/** How much of malformed argument text an error message quotes back to the model. */
const QUOTE_LIMIT = 200;

/**
 * Read a call's arguments from the JSON text a provider sent (OpenAI, streamed Anthropic).
 * Empty text means no arguments; anything but one JSON object is an error, phrased for the
 * model because it becomes the message of the call's `INVALID_ARGS` outcome. The message
 * quotes what was received (not the JSON parser's wording, which differs between runtimes).
 */
export function safeParseArguments(text: string): SafeParseArgumentsResult {
  if (text.trim() === '') return { success: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const quoted = text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}… (${text.length} characters)` : text;
    return { success: false, error: `The arguments are not valid JSON: ${quoted}. Send the arguments again as one complete JSON object.` };
  }
  return checkArgumentsObject(value);
}

/**
 * Check arguments a provider sent already parsed (Anthropic `input`, Gemini `args`): they
 * must be one JSON object.
 */
export function checkArgumentsObject(value: unknown): SafeParseArgumentsResult {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    // Parsed from JSON by the SDK or by us, so every member is JSON already.
    return { success: true, value: value as JsonObject };
  }
  return { success: false, error: `The arguments must be one JSON object, not ${describe(value)}.` };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  return `a ${typeof value}`;
}
