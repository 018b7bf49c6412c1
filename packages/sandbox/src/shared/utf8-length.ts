import { utf8Length } from '@toolcell/core';

// The count itself is core's; re-exported so the sandbox's modules keep one import for both.
export { utf8Length };

/** Whether `text` fits in `limit` UTF-8 bytes; skips the count when it obviously fits. */
export function fitsUtf8(text: string, limit: number): boolean {
  return text.length * 3 <= limit || utf8Length(text) <= limit;
}
