// `// @exec: {"yield_time_ms": 500, "max_output_tokens": 2000}` on the first line of a
// program tunes one `exec` call. It is parsed strictly: a typo must not silently fall back
// to defaults, because the model would never learn that its setting was ignored.
import { isWholeNumber } from '@toolcell/core';
import { MAX_YIELD_TIME_MS } from './yield-time.js';

/** Per-call settings a program may set in its first-line pragma. */
export interface ExecPragma {
  /** Return after this long even if the program is still running (cells only; at most {@link MAX_YIELD_TIME_MS}). */
  readonly yield_time_ms?: number;
  /** Cap the tokens of the result the model receives. */
  readonly max_output_tokens?: number;
}

/** A program with its pragma parsed and stripped. */
export interface ParsedProgram {
  readonly source: string;
  readonly pragma: ExecPragma;
}

/** The pragma could not be parsed; the message says what to fix. */
export type PragmaParseResult = { readonly success: true; readonly value: ParsedProgram } | { readonly success: false; readonly error: string };

const PREFIX = /^\s*\/\/\s*@exec:/;
const KEYS: ReadonlySet<string> = new Set(['yield_time_ms', 'max_output_tokens']);

/**
 * Parse the optional first-line pragma. The pragma line is replaced by an empty line, so
 * line numbers in errors still match what the model wrote.
 */
export function safeParseExecPragma(program: string): PragmaParseResult {
  const newline = program.indexOf('\n');
  const firstLine = newline === -1 ? program : program.slice(0, newline);
  if (!PREFIX.test(firstLine)) return { success: true, value: { source: program, pragma: {} } };
  const body = firstLine.replace(PREFIX, '').trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { success: false, error: `the @exec pragma must be a JSON object, e.g. // @exec: {"yield_time_ms": 1000}; got ${JSON.stringify(body)}.` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { success: false, error: 'the @exec pragma must be a JSON object with yield_time_ms and/or max_output_tokens.' };
  }
  const pragma: Record<string, number> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!KEYS.has(key)) {
      return { success: false, error: `unknown @exec pragma key ${JSON.stringify(key)}; allowed keys are yield_time_ms and max_output_tokens.` };
    }
    if (!isWholeNumber(value)) {
      return { success: false, error: `@exec pragma ${key} must be a non-negative safe integer; got ${JSON.stringify(value)}.` };
    }
    if (key === 'yield_time_ms' && value > MAX_YIELD_TIME_MS) {
      return { success: false, error: `@exec pragma yield_time_ms must be at most ${MAX_YIELD_TIME_MS} (one hour); got ${value}. Yield sooner and call wait to keep observing.` };
    }
    pragma[key] = value;
  }
  const rest = newline === -1 ? '' : program.slice(newline);
  return { success: true, value: { source: rest, pragma } };
}
