/**
 * The UTF-8 size of `text` in bytes, without encoding it: what
 * `new TextEncoder().encode(text).length` would be. A lone surrogate (half of a pair, on its
 * own) counts as 3 bytes, as the encoder writes it: U+FFFD, the replacement character.
 *
 * @example
 * ```ts
 * utf8Length('€'); // 3
 * utf8Length('🙂'); // 4 (a surrogate pair)
 * utf8Length('\ud800'); // 3 (a lone surrogate, written as U+FFFD)
 * ```
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
      continue;
    }
    // Every other unit is 3 bytes, but a high surrogate followed by a low one is a pair:
    // two UTF-16 units, four UTF-8 bytes.
    bytes += 2;
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
    }
  }
  return bytes;
}
