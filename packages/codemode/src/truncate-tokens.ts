import type { TokenCounter } from '@toolcell/sdkgen';

/** A text cut to a token budget. */
export type TruncatedText =
  | {
      readonly text: string;
      readonly truncated: false;
      /** Tokens of the text; absent when it fits without counting (no more UTF-8 bytes than the budget has tokens). */
      readonly originalTokens?: number;
    }
  | {
      readonly text: string;
      readonly truncated: true;
      /** Tokens of the whole text: exact, unless `estimated`. */
      readonly originalTokens: number;
      /**
       * Set when `originalTokens` is an estimate: a text too long, or with a run too long,
       * to be counted in one call of the tokenizer is counted in pieces (whose counts need
       * not add up to the whole's) or only in part. The marker then says "about".
       */
      readonly estimated?: true;
    };

// The tokenizer is only ever given pieces this long: byte-pair encoding is quadratic in
// the length of one "word", and a program can print a single word of 100,000 `y`s.
const CHUNK_CHARS = 1024;
// Texts up to this length whose runs are short (see countsWhole) are counted exactly, in
// one call (a few ms even for text the tokenizer is slowest on); others are counted only as
// far as the budget needs, in chunks, and their total is estimated, so the work stays bounded.
const EXACT_COUNT_CHARS = 32 * 1024;
// The chunk where the budget runs out is walked in pieces this long, and only the piece
// where it runs out is searched: ~1,500 characters counted instead of ~6,000.
const FIT_PIECE_CHARS = 128;

/**
 * Whether `text` fits `maxTokens` without counting: it has no more UTF-8 bytes than the
 * budget has tokens, and a token of a byte-level BPE (o200k, cl100k) covers at least one
 * byte. Exact, and most answers are that short, so they never need the tokenizer.
 */
export function fitsUncounted(text: string, maxTokens: number): boolean {
  // Each UTF-16 unit is 1 to 3 UTF-8 bytes (a surrogate pair is 4 for two units).
  if (text.length > maxTokens) return false;
  if (text.length * 3 <= maxTokens) return true;
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
  }
  return bytes <= maxTokens;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isWhitespace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;

/** The end of the chunk that starts at `start`: at most `size` on, after whitespace if there is some near the end. */
function chunkEnd(text: string, start: number, size = CHUNK_CHARS): number {
  const limit = Math.min(text.length, start + size);
  if (limit === text.length) return limit;
  for (let index = limit; index > limit - size / 4; index -= 1) {
    if (isWhitespace(text.charCodeAt(index - 1))) return index;
  }
  return isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
}

/** The start of the chunk that ends at `end` (the mirror of {@link chunkEnd}). */
function chunkStart(text: string, end: number, size = CHUNK_CHARS): number {
  const limit = Math.max(0, end - size);
  if (limit === 0) return 0;
  for (let index = limit; index < limit + size / 4; index += 1) {
    if (isWhitespace(text.charCodeAt(index))) return index;
  }
  return isHighSurrogate(text.charCodeAt(limit - 1)) ? limit + 1 : limit;
}

/** Keep `index` off the middle of a surrogate pair (moving it toward `towardStart` or the end). */
function whole(text: string, index: number, towardStart: boolean): number {
  if (index <= 0 || index >= text.length || !isHighSurrogate(text.charCodeAt(index - 1))) return index;
  return towardStart ? index - 1 : index + 1;
}

/**
 * Whether the tokenizer may be given `text` in one call: no run of whitespace, nor of
 * anything else, is longer than a chunk. A pre-token lies within one such run and a
 * character on either side, so none is long enough for the quadratic case.
 */
function countsWhole(text: string): boolean {
  let runStart = 0;
  for (let index = 1; index < text.length; index += 1) {
    if (isWhitespace(text.charCodeAt(index)) !== isWhitespace(text.charCodeAt(index - 1))) runStart = index;
    else if (index - runStart >= CHUNK_CHARS) return false;
  }
  return true;
}

/** How much of a chunk fits a budget: the characters kept and their tokens. */
interface Fit {
  readonly kept: number;
  readonly tokens: number;
}

// Longest prefix (or suffix) of one piece within `budget` tokens, by binary search over
// characters: tokens do not map back to characters one-to-one. At most ~8 counts of a piece.
function searchPiece(piece: string, budget: number, countTokens: TokenCounter, fromEnd: boolean): Fit {
  let low = 0;
  let lowTokens = 0;
  let high = piece.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const tokens = countTokens(fromEnd ? piece.slice(piece.length - middle) : piece.slice(0, middle));
    if (tokens <= budget) {
      low = middle;
      lowTokens = tokens;
    } else high = middle - 1;
  }
  return { kept: low, tokens: lowTokens };
}

/** Longest prefix (or suffix) of `chunk` within `budget`: pieces counted in turn, then the one that crosses searched. */
function fitChunk(chunk: string, budget: number, countTokens: TokenCounter, fromEnd: boolean): Fit {
  let tokens = 0;
  let kept = 0;
  while (kept < chunk.length) {
    const start = fromEnd ? chunkStart(chunk, chunk.length - kept, FIT_PIECE_CHARS) : kept;
    const end = fromEnd ? chunk.length - kept : chunkEnd(chunk, kept, FIT_PIECE_CHARS);
    const piece = chunk.slice(start, end);
    const pieceTokens = countTokens(piece);
    if (tokens + pieceTokens > budget) {
      const partial = searchPiece(piece, budget - tokens, countTokens, fromEnd);
      return { kept: kept + partial.kept, tokens: tokens + partial.tokens };
    }
    tokens += pieceTokens;
    kept += piece.length;
  }
  return { kept, tokens };
}

interface Scan {
  /** Where the kept part ends (head) or starts (tail), and its tokens. */
  readonly cut: number;
  readonly keptTokens: number;
  /** Tokens counted, and how many characters they cover. */
  readonly tokens: number;
  readonly scannedTo: number;
}

/** Count forward from the start: the head within `headBudget`, and on until more than `stopAbove` tokens are counted. */
function scanHead(text: string, headBudget: number, stopAbove: number, countTokens: TokenCounter): Scan {
  let tokens = 0;
  let cut = -1;
  let keptTokens = 0;
  let start = 0;
  while (start < text.length && tokens <= stopAbove) {
    const end = chunkEnd(text, start);
    const chunk = text.slice(start, end);
    const chunkTokens = countTokens(chunk);
    if (cut < 0 && tokens + chunkTokens > headBudget) {
      const fit = fitChunk(chunk, headBudget - tokens, countTokens, false);
      cut = whole(text, start + fit.kept, true);
      keptTokens = tokens + fit.tokens;
    }
    tokens += chunkTokens;
    start = end;
  }
  return cut < 0 ? { cut: start, keptTokens: tokens, tokens, scannedTo: start } : { cut, keptTokens, tokens, scannedTo: start };
}

/** Count backward from the end: the tail within `budget`, and on until more than `stopAbove` tokens, never before `floor`. */
function scanTail(text: string, budget: number, floor: number, stopAbove: number, countTokens: TokenCounter): Scan {
  let tokens = 0;
  let cut = -1;
  let keptTokens = 0;
  let end = text.length;
  while (end > floor && tokens <= stopAbove) {
    const start = Math.max(floor, chunkStart(text, end));
    const chunk = text.slice(start, end);
    const chunkTokens = countTokens(chunk);
    if (cut < 0 && tokens + chunkTokens > budget) {
      const fit = fitChunk(chunk, budget - tokens, countTokens, true);
      cut = whole(text, end - fit.kept, false);
      keptTokens = tokens + fit.tokens;
    }
    tokens += chunkTokens;
    end = start;
  }
  return cut < 0 ? { cut: end, keptTokens: tokens, tokens, scannedTo: end } : { cut, keptTokens, tokens, scannedTo: end };
}

/** The head and tail kept, with the marker between them stating the original count. */
function cut(text: string, head: number, tail: number, maxTokens: number, originalTokens: number, estimated: boolean): TruncatedText {
  const count = estimated ? `about ${originalTokens}` : `${originalTokens}`;
  const marker = `\n[… output truncated: ${count} tokens, kept the first and last ${maxTokens} …]\n`;
  return { text: `${text.slice(0, head)}${marker}${text.slice(tail)}`, originalTokens, truncated: true, ...(estimated ? { estimated: true } : {}) };
}

/**
 * Keep the head and the tail of `text` within `maxTokens`, with a marker in between that
 * states the original token count: exact for a text up to 32 KiB without a run of over
 * 1 KiB (counted in one call), otherwise an estimate that the marker calls "about N".
 * Linear in the text's length, and the tokenizer's work is bounded: it never sees a run
 * of over 1 KiB, and for a long text only the parts the budget keeps (plus one chunk each
 * way) are counted. A text with no more UTF-8 bytes than `maxTokens` is not counted at
 * all, so `countTokens` must count no more tokens than the text has UTF-8 bytes (every
 * byte-level BPE tokenizer does).
 */
export function truncateToTokens(text: string, maxTokens: number, countTokens: TokenCounter): TruncatedText {
  if (fitsUncounted(text, maxTokens)) return { text, truncated: false };
  const headBudget = Math.floor(maxTokens / 2);
  const tailBudget = maxTokens - headBudget;
  if (text.length <= EXACT_COUNT_CHARS && countsWhole(text)) {
    const total = countTokens(text);
    if (total <= maxTokens) return { text, originalTokens: total, truncated: false };
    const head = scanHead(text, headBudget, headBudget, countTokens);
    const tail = scanTail(text, tailBudget, head.cut, tailBudget, countTokens);
    return cut(text, head.cut, tail.cut, maxTokens, total, false);
  }
  // Counted from each end only as far as its half of the budget (and what proves the
  // whole does not fit): the head stops once past its half.
  const head = scanHead(text, headBudget, headBudget, countTokens);
  if (head.scannedTo >= text.length && head.tokens <= maxTokens) return { text, originalTokens: head.tokens, truncated: false };
  const rest = maxTokens - head.keptTokens;
  const tail = scanTail(text, tailBudget, head.cut, rest, countTokens);
  if (tail.tokens <= rest) return { text, originalTokens: head.keptTokens + tail.tokens, truncated: false };
  // Extrapolate the unscanned middle at the density of what was counted; the kept head and
  // everything the tail scan covered do not overlap, so together they are a lower bound.
  const counted = head.tokens + tail.tokens;
  const scannedChars = head.scannedTo + (text.length - tail.scannedTo);
  const originalTokens = Math.max(head.keptTokens + tail.tokens, Math.round((counted / Math.max(1, scannedChars)) * text.length));
  return cut(text, head.cut, tail.cut, maxTokens, originalTokens, true);
}
