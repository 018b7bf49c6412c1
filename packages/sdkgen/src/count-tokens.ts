import { countByLines } from './count-by-lines.js';
import { countByPreTokens } from './count-by-pre-tokens.js';

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

// Text that merely looks like a special token (`<|endoftext|>`) is counted as plain text.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };
// Shorter texts are counted as they are: looking for repeated lines would not pay.
const LINE_SCAN_CHARS = 256;
// The tokenizer caches the merges of uncommon words, keyed by the word, and a word cut from
// a slice of a long text can keep that whole text alive (engines share a slice's characters
// with its parent): an exec answer of megabytes stayed in memory for each one counted.
// Each text is copied before counting, so a cached word holds at most its own text, and the
// cache is kept to this many words (100,000 by default).
const MERGE_CACHE_WORDS = 10_000;
// V8 copies slices shorter than this instead of sharing (SlicedString::kMinLength).
const SHORTEST_SHARED_SLICE = 13;
// Padding builds a new string; the slice of it then shares only that copy's characters.
const detached = (text: string): string => (text.length < SHORTEST_SHARED_SLICE ? text : text.padEnd(text.length + 1).slice(0, -1));

let loading: Promise<TokenCounter> | undefined;

/**
 * The o200k token counter (GPT-4o and later), the one measure of description size shared
 * by sdkgen, codemode and the app. The tokenizer's tables (2.4 MB of JavaScript, over
 * 100 ms to evaluate) load on the first call, not when sdkgen is imported; every call
 * resolves to the same counter, so only the first one waits. Holding a counter means the
 * tables are loaded: there is no way to count before they are.
 *
 * Counting takes time linear in the text's length whatever its shape. The count is exact
 * unless the text holds a pre-token (a word, a run of punctuation or of whitespace) longer
 * than 256 characters, which no ordinary text does: the tokenizer's merge step is quadratic
 * in one pre-token, so such a one is counted in pieces of 256 characters, and the count may
 * differ from the exact one by a few tokens per piece.
 *
 * @example
 * {@includeCode ./sdkgen.examples.ts#loadTokenCounter}
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  loading ??= Promise.all([import('gpt-tokenizer/encoding/o200k_base'), import('gpt-tokenizer/encodingParams/constants')]).then(
    ([{ countTokens, setMergeCacheSize }, { O200K_TOKEN_SPLIT_REGEX }]) => {
      setMergeCacheSize(MERGE_CACHE_WORDS);
      const plain = (text: string) => countTokens(detached(text), PLAIN_TEXT);
      const byLines = (text: string) => (text.length < LINE_SCAN_CHARS ? plain(text) : countByLines(text, plain));
      return (text: string) => countByPreTokens(text, byLines, O200K_TOKEN_SPLIT_REGEX);
    },
    (error: unknown) => {
      loading = undefined; // a later call may try again
      throw error;
    },
  );
  return loading;
}
