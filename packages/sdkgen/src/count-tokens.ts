import { countTokens as countO200kTokens } from 'gpt-tokenizer/encoding/o200k_base';

// Text that merely looks like a special token (`<|endoftext|>`) is counted as plain text.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Tokens of `text` in the o200k encoding (GPT-4o and later), the one measure of
 * description size shared by sdkgen, codemode and the app.
 */
export function countTokens(text: string): number {
  return countO200kTokens(text, PLAIN_TEXT);
}
