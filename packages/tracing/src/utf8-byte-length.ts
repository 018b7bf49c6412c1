// Node's native count where there is one; the loop elsewhere (browsers, workers).
const nativeByteLength = (globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }).Buffer?.byteLength;

/** UTF-8 length of a string without encoding it (no TextEncoder buffer per call). */
export function utf8ByteLength(text: string): number {
  return nativeByteLength === undefined ? countUtf8Bytes(text) : nativeByteLength(text, 'utf8');
}

/** The portable count. */
export function countUtf8Bytes(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff) {
      // A surrogate pair: two UTF-16 units, four UTF-8 bytes.
      bytes += 2;
      index += 1;
    } else bytes += 2;
  }
  return bytes;
}

/** UTF-8 length of a value's JSON text. */
export function jsonByteLength(value: unknown): number {
  const text = JSON.stringify(value);
  return text === undefined ? 0 : utf8ByteLength(text);
}
