import { mayHoldLongPreToken } from './may-hold-long-pre-token.js';

/**
 * The longest pre-token (a word, a run of punctuation or of whitespace) the tokenizer is
 * given whole. Its merge step is quadratic in the length of one pre-token: a word of
 * 200,000 letters took 25 to 40 s. Longer pre-tokens are cut into pieces of this many
 * characters, so each merge is bounded and any text is counted in time linear in its
 * length. No word, separator or indentation of ordinary text comes near it.
 */
export const MAX_PRE_TOKEN_CHARS = 256;

const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/**
 * The tokens of `text`, each pre-token longer than {@link MAX_PRE_TOKEN_CHARS} cut into
 * pieces of that many characters, the text between cuts counted in one call each (a
 * piece's rest may join the pre-token after it, so no merge is over twice the bound).
 * `preTokens` is the tokenizer's own pre-token pattern (with the `g` flag), so a text
 * without such a pre-token is counted exactly, in one call. One that has one is counted
 * approximately: the tokenizer cannot merge across a cut, which may change the count by a
 * few tokens (four at most in our tests; a 200,000-letter word is cut 781 times).
 */
export function countByPreTokens(text: string, countTokens: (text: string) => number, preTokens: RegExp): number {
  // The scan for cuts runs the pattern over the whole text, so a cheaper check comes first.
  if (!mayHoldLongPreToken(text, MAX_PRE_TOKEN_CHARS)) return countTokens(text);
  let total = 0;
  let uncounted = 0;
  for (const match of text.matchAll(preTokens)) {
    const end = match.index + match[0].length;
    // The first piece stays with the text before it, the last with the text after it.
    for (let cut = match.index + MAX_PRE_TOKEN_CHARS; cut < end; cut += MAX_PRE_TOKEN_CHARS) {
      // Never between the two halves of a surrogate pair (an emoji is two code units).
      if (isLowSurrogate(text.charCodeAt(cut))) cut += 1;
      if (cut >= end) break;
      total += countTokens(text.slice(uncounted, cut));
      uncounted = cut;
    }
  }
  return uncounted === 0 ? countTokens(text) : total + countTokens(text.slice(uncounted));
}
