import { describe, expect, it } from 'vitest';
import { countUtf8Bytes, jsonByteLength, utf8ByteLength } from './utf8-byte-length.js';

describe('utf8ByteLength', () => {
  it('matches the encoded length for ASCII, two-, three- and four-byte characters', () => {
    for (const text of ['', 'abc', 'é', 'ü-ß', '€', '日本語', '😀', 'a😀b€c']) {
      expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
      expect(countUtf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
    }
  });

  it('measures a value as its JSON text', () => {
    expect(jsonByteLength({ path: 'é' })).toBe(new TextEncoder().encode('{"path":"é"}').length);
    expect(jsonByteLength(undefined)).toBe(0);
  });
});
