import { countByLines } from './count-by-lines.js';

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

// Text that merely looks like a special token (`<|endoftext|>`) is counted as plain text.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };
// Shorter texts are counted as they are: looking for repeated lines would not pay.
const LINE_SCAN_CHARS = 256;

let loading: Promise<TokenCounter> | undefined;

/**
 * The o200k token counter (GPT-4o and later), the one measure of description size shared
 * by sdkgen, codemode and the app. The tokenizer's tables (2.4 MB of JavaScript, over
 * 100 ms to evaluate) load on the first call, not when sdkgen is imported; every call
 * resolves to the same counter, so only the first one waits. Holding a counter means the
 * tables are loaded: there is no way to count before they are.
 *
 * @example
 * {@includeCode ./sdkgen.examples.ts#loadTokenCounter}
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then(
    ({ countTokens }) => {
      const plain = (text: string) => countTokens(text, PLAIN_TEXT);
      return (text: string) => (text.length < LINE_SCAN_CHARS ? plain(text) : countByLines(text, plain));
    },
    (error: unknown) => {
      loading = undefined; // a later call may try again
      throw error;
    },
  );
  return loading;
}
