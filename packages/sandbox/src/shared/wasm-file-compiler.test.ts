import { describe, expect, it } from 'vitest';
import { PINNED_WASM_FILE, readWasmFile } from './wasm-file-compiler.js';

// A cold start reads the pinned .wasm for its compile and for the build fingerprint's digest
// in one task: the second reader gets the first's bytes, and nothing is held after the task.

describe('readWasmFile', () => {
  it('gives a second reader in the same task the bytes the first read, and reads afresh in a later task', async () => {
    const first = readWasmFile(PINNED_WASM_FILE);
    expect(first).toBeInstanceOf(Uint8Array);
    expect(Array.from(first!.subarray(0, 4))).toEqual([0, 0x61, 0x73, 0x6d]); // "\0asm"
    // Identity, compared as a boolean: a matcher would print 500 KB of bytes.
    expect(readWasmFile(PINNED_WASM_FILE) === first).toBe(true);
    await Promise.resolve();
    const later = readWasmFile(PINNED_WASM_FILE);
    expect(later === first).toBe(false);
    expect(Buffer.from(later!).equals(Buffer.from(first!))).toBe(true);
  });

  it('is undefined for a file that cannot be found from the package', () => {
    expect(readWasmFile('@jitl/quickjs-wasmfile-release-sync/no-such-file')).toBeUndefined();
  });
});
