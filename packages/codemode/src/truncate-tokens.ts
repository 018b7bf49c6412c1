/** Counts tokens of a text (sdkgen's o200k tokenizer in production). */
export type TokenCounter = (text: string) => number;

/** A text cut to a token budget. */
export interface TruncatedText {
  readonly text: string;
  readonly originalTokens: number;
  readonly truncated: boolean;
}

// Longest prefix (or suffix) of `text` within `budget` tokens, by binary search over
// characters: a tokenizer's tokens do not map back to characters one-to-one.
function fit(text: string, budget: number, countTokens: TokenCounter, fromEnd: boolean): string {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = fromEnd ? text.slice(text.length - middle) : text.slice(0, middle);
    if (countTokens(candidate) <= budget) low = middle;
    else high = middle - 1;
  }
  return fromEnd ? text.slice(text.length - low) : text.slice(0, low);
}

/**
 * Keep the head and the tail of `text` within `maxTokens`, with a marker in between that
 * states the original token count.
 */
export function truncateToTokens(text: string, maxTokens: number, countTokens: TokenCounter): TruncatedText {
  const originalTokens = countTokens(text);
  if (originalTokens <= maxTokens) return { text, originalTokens, truncated: false };
  const headBudget = Math.floor(maxTokens / 2);
  const tailBudget = maxTokens - headBudget;
  const head = fit(text, headBudget, countTokens, false);
  const tail = fit(text.slice(head.length), tailBudget, countTokens, true);
  const marker = `\n[… output truncated: ${originalTokens} tokens, kept the first and last ${maxTokens} …]\n`;
  return { text: `${head}${marker}${tail}`, originalTokens, truncated: true };
}
