/** The UTF-8 size of `text` in bytes, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      // A surrogate pair is two UTF-16 units and four UTF-8 bytes.
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2;
        index += 1;
      } else {
        bytes += 2;
      }
    } else {
      bytes += 2;
    }
  }
  return bytes;
}

/** Whether `text` fits in `limit` UTF-8 bytes; skips the count when it obviously fits. */
export function fitsUtf8(text: string, limit: number): boolean {
  return text.length * 3 <= limit || utf8Length(text) <= limit;
}
