import type { MediaOutputItem, MediaOutputType, TextOutputItem } from '../contract/output-item.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';

const MEDIA_TYPES: Readonly<Record<MediaOutputType, string>> = {
  image: 'image/',
  audio: 'audio/',
  generatedImage: 'image/',
};
const MIME_TYPE = /^[a-z]+\/[a-z0-9][a-z0-9.+-]{0,100}$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The marker ending the last text item when text is cut at the limit. */
export const TEXT_CUT_MARKER = '\n[… output cut: text limit reached]';

/**
 * Why `data` is not acceptable media of `type`, or `undefined` when it is. The message is
 * shown to the guest as a `TypeError`.
 */
export function mediaProblem(type: string, mimeType: string, data: string): string | undefined {
  if (!Object.hasOwn(MEDIA_TYPES, type)) return `unknown media type ${JSON.stringify(type)}`;
  const prefix = MEDIA_TYPES[type as MediaOutputType];
  if (!MIME_TYPE.test(mimeType) || !mimeType.toLowerCase().startsWith(prefix)) {
    return `${type}() needs an ${prefix}* MIME type, got ${JSON.stringify(mimeType.slice(0, 100))}`;
  }
  if (data.length % 4 !== 0 || !BASE64.test(data)) return `${type}() needs base64 data (A-Z, a-z, 0-9, +, /, = padding)`;
  return undefined;
}

function decodedBytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}

/** What {@link OutputBudget} made of one item. */
export interface BudgetDecision<Item> {
  /** The item to keep (text may be cut), if any. */
  readonly item?: Item;
  /** Whether the item went over a limit, which ends the program. */
  readonly overflow: boolean;
}

/** What an {@link OutputBudget} has counted (a suspended program carries it over). */
export interface OutputBudgetState {
  readonly textChars: number;
  readonly textItems: number;
  readonly mediaItems: number;
  readonly mediaBytes: number;
  readonly exhausted: boolean;
}

/** Counts text and media against the limits (the guest's engine and the parent both keep one). */
export class OutputBudget {
  private textChars = 0;
  /** Text items kept so far: each after the first also costs the newline that joins it to the one before. */
  private textItems = 0;
  private mediaItems = 0;
  private mediaBytes = 0;
  /** Set once an item went over a limit: nothing more is accepted, not even another marker. */
  private exhausted = false;

  constructor(
    private readonly limits: SandboxLimits,
    spent?: OutputBudgetState,
  ) {
    if (spent !== undefined) ({ textChars: this.textChars, textItems: this.textItems, mediaItems: this.mediaItems, mediaBytes: this.mediaBytes, exhausted: this.exhausted } = spent);
  }

  /** What has been counted so far. */
  state(): OutputBudgetState {
    return { textChars: this.textChars, textItems: this.textItems, mediaItems: this.mediaItems, mediaBytes: this.mediaBytes, exhausted: this.exhausted };
  }

  /**
   * Accept a text item, cut to what is left. Everything kept counts, the cut marker
   * included, and so does the newline that joins an item to the one before it (the answer
   * prints the items one per line): the kept items joined never exceed `maxTextChars`
   * (with a limit shorter than the marker, the marker itself is cut).
   */
  text(text: string): BudgetDecision<TextOutputItem> {
    if (this.exhausted) return { overflow: true };
    const separator = this.textItems === 0 ? 0 : 1;
    // Negative when not even the newline fits.
    const left = this.limits.maxTextChars - this.textChars - separator;
    if (text.length <= left) {
      this.textChars += separator + text.length;
      this.textItems += 1;
      return { item: { type: 'text', text }, overflow: false };
    }
    this.exhausted = true;
    this.textChars = this.limits.maxTextChars;
    const kept = text.slice(0, Math.max(0, left - TEXT_CUT_MARKER.length)) + TEXT_CUT_MARKER.slice(0, Math.max(0, left));
    return { ...(kept === '' ? {} : { item: { type: 'text', text: kept } }), overflow: true };
  }

  /** Accept a media item whole, or not at all. Check it with {@link mediaProblem} first. */
  media(type: MediaOutputType, mimeType: string, data: string): BudgetDecision<MediaOutputItem> {
    if (this.exhausted) return { overflow: true };
    const bytes = decodedBytes(data);
    if (this.mediaItems + 1 > this.limits.maxMediaItems || this.mediaBytes + bytes > this.limits.maxMediaBytes) {
      this.exhausted = true;
      return { overflow: true };
    }
    this.mediaItems += 1;
    this.mediaBytes += bytes;
    return { item: { type, mimeType, data }, overflow: false };
  }
}
