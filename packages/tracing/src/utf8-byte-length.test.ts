import { utf8Length } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { jsonByteLength, utf8ByteLength } from './utf8-byte-length.js';

describe('utf8ByteLength', () => {
  it('matches the encoded length for ASCII, two-, three- and four-byte characters and lone surrogates', () => {
    for (const text of ['', 'abc', 'é', 'ü-ß', '€', '日本語', '😀', 'a😀b€c', 'a\ud800€', 'x\ud83d']) {
      expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
      // The portable count used where Buffer is missing (core's utf8Length) agrees.
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }
  });

  it('measures a value as its JSON text', () => {
    expect(jsonByteLength({ path: 'é' })).toBe(new TextEncoder().encode('{"path":"é"}').length);
    expect(jsonByteLength(undefined)).toBe(0);
  });
});
