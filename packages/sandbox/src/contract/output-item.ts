/** Text appended by the guest's `text(value)`. */
export interface TextOutputItem {
  /** Discriminant. */
  readonly type: 'text';
  /** The text; non-string values were converted (JSON for objects, `String` otherwise). */
  readonly text: string;
}

/** The kinds of media a guest can append: `image(v)`, `audio(v)`, `generatedImage(v)`. */
export type MediaOutputType = 'image' | 'audio' | 'generatedImage';

/**
 * Media appended by `image(v)`, `audio(v)` or `generatedImage(v)`. The guest passes either
 * a `data:<mimeType>;base64,<data>` URL string or an object `{ mimeType, data }` with
 * base64 `data`. Images (both kinds) need an `image/*` MIME type, audio an `audio/*` one.
 */
export interface MediaOutputItem {
  /** Which helper produced the item. */
  readonly type: MediaOutputType;
  /** The MIME type, e.g. `image/png`. */
  readonly mimeType: string;
  /** The content, base64-encoded (no `data:` prefix). */
  readonly data: string;
}

/** One content item produced by the guest, in the order it was produced. */
export type OutputItem = TextOutputItem | MediaOutputItem;
