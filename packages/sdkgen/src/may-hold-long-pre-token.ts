// Character classes, as far as o200k's pre-tokenizer joins them into one pre-token.
const DIGIT = 0; // digits form pre-tokens of at most three characters
const LETTER = 1; // `\p{L}`
const SPACE = 2; // `\s` other than the two below
const NEWLINE = 3; // `\r`, `\n`
const OTHER = 4; // punctuation, symbols
const ANY = 5; // marks (they join letters and punctuation) and surrogates (emoji, rare letters)
const UNKNOWN = 255;
const APOSTROPHE = 0x27;
const SLASH = 0x2f;

const LETTER_PATTERN = /^\p{L}$/u;
const MARK_PATTERN = /^\p{M}$/u;
const NUMBER_PATTERN = /^\p{N}$/u;
const SPACE_PATTERN = /^\s$/u;

// The classes of the 65,536 code units, each found once, when first met.
let classes: Uint8Array | undefined;

function classify(code: number): number {
  if (code >= 0xd800 && code <= 0xdfff) return ANY;
  const character = String.fromCharCode(code);
  if (code === 0x0a || code === 0x0d) return NEWLINE;
  if (LETTER_PATTERN.test(character)) return LETTER;
  if (MARK_PATTERN.test(character)) return ANY;
  if (NUMBER_PATTERN.test(character)) return DIGIT;
  return SPACE_PATTERN.test(character) ? SPACE : OTHER;
}

function classOf(code: number): number {
  classes ??= new Uint8Array(0x10000).fill(UNKNOWN);
  let found = classes[code] ?? UNKNOWN;
  if (found === UNKNOWN) {
    found = classify(code);
    classes[code] = found;
  }
  return found;
}

/**
 * Whether characters of the classes `previous` and `next` may sit side by side inside one
 * pre-token. A superset of the pairs o200k's pattern allows (`x?\p{L}+('s…)?`,
 * `\p{N}{1,3}`, ` ?P+[\r\n/]*`, runs of whitespace), so a pre-token of `n` characters is a
 * chain of `n - 1` joining pairs.
 */
function joins(previous: number, next: number, nextCode: number): boolean {
  if (previous === DIGIT || next === DIGIT) return false;
  if (previous === ANY || next === ANY) return true;
  switch (next) {
    case LETTER:
      return previous !== NEWLINE;
    case OTHER:
      return previous === OTHER || previous === SPACE || (previous === LETTER && nextCode === APOSTROPHE) || (previous === NEWLINE && nextCode === SLASH);
    case NEWLINE:
      return previous !== LETTER;
    default: // SPACE
      return previous === SPACE || previous === NEWLINE;
  }
}

/**
 * Whether `text` may hold an o200k pre-token longer than `maxChars`: one linear pass over
 * its code units for the longest chain that could join. It may say yes for a text that
 * holds no such pre-token (deeply indented closing brackets), never no for one that does.
 * `maxChars` is at least 3: digits join no other character, and form pre-tokens of up to 3.
 */
export function mayHoldLongPreToken(text: string, maxChars: number): boolean {
  if (text.length <= maxChars) return false;
  let chain = 0;
  let previous = DIGIT;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const next = classOf(code);
    chain = joins(previous, next, code) ? chain + 1 : 1;
    if (chain > maxChars) return true;
    previous = next;
  }
  return false;
}
