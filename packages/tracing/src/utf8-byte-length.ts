import { utf8Length } from '@toolcell/core';

// Node's native count where there is one; core's portable count elsewhere (browsers, workers).
const nativeByteLength = (globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }).Buffer?.byteLength;

/** UTF-8 length of a string without encoding it (no TextEncoder buffer per call). */
export function utf8ByteLength(text: string): number {
  return nativeByteLength === undefined ? utf8Length(text) : nativeByteLength(text, 'utf8');
}

/** UTF-8 length of a value's JSON text. */
export function jsonByteLength(value: unknown): number {
  const text = JSON.stringify(value);
  return text === undefined ? 0 : utf8ByteLength(text);
}
