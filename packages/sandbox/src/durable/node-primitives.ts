import { ConfigurationError } from '@toolcell/core';
import { nodeBuiltin } from '../shared/node-builtin.js';

// The seal's primitives: SHA-256, HMAC-SHA256 and Brotli, synchronous because a program is
// sealed between two of its turns. They come from Node's built-ins through
// `process.getBuiltinModule` (not an import), which keeps this folder loadable where they do
// not exist; there a durable run is refused with a ConfigurationError.

interface Hash {
  update(data: Uint8Array | string): Hash;
  digest(): Uint8Array;
  digest(encoding: 'hex'): string;
}

interface NodeCrypto {
  createHash(algorithm: 'sha256'): Hash;
  createHmac(algorithm: 'sha256', key: Uint8Array | string): Hash;
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

interface NodeZlib {
  brotliCompressSync(data: Uint8Array, options: { params: Record<number, number> }): Uint8Array;
  brotliDecompressSync(data: Uint8Array, options: { maxOutputLength: number }): Uint8Array;
  constants: { BROTLI_PARAM_QUALITY: number; BROTLI_PARAM_SIZE_HINT: number };
}

/**
 * Brotli at quality 1: of the codecs in node:zlib, the fastest to compress a paused heap
 * (its difference from the prepared realm) at no loss of size. Measured on 1.3 MB of regions
 * holding 1 MB of text: gzip level 1 349 KB in 37 ms, Brotli quality 1 347 KB in 11 ms, both
 * inflating in about 15 ms (see the decision record on durable programs).
 */
const BROTLI_QUALITY = 1;

/** The primitives a seal uses. */
export interface SealPrimitives {
  sha256Hex(data: Uint8Array | string): string;
  hmac(key: Uint8Array | string, parts: readonly Uint8Array[]): Uint8Array;
  equal(a: Uint8Array, b: Uint8Array): boolean;
  /** Brotli at quality 1: fast, and a paused heap's difference from its realm is mostly zeros. */
  compress(data: Uint8Array): Uint8Array;
  /** Throws when the data is not Brotli or inflates past `maxBytes`. */
  decompress(data: Uint8Array, maxBytes: number): Uint8Array;
}

let primitives: SealPrimitives | undefined;

/**
 * SHA-256 (hex) with node:crypto alone: what the build fingerprint needs, without loading
 * zlib too. Throws where Node's built-ins are missing.
 */
export function sha256Hex(data: Uint8Array | string): string {
  if (primitives !== undefined) return primitives.sha256Hex(data);
  const crypto = nodeBuiltin<NodeCrypto>('node:crypto');
  if (crypto === undefined) return sealPrimitives().sha256Hex(data);
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** The seal's primitives in this runtime; throws a ConfigurationError where Node's built-ins are missing. */
export function sealPrimitives(): SealPrimitives {
  if (primitives !== undefined) return primitives;
  const crypto = nodeBuiltin<NodeCrypto>('node:crypto');
  const zlib = nodeBuiltin<NodeZlib>('node:zlib');
  if (crypto === undefined || zlib === undefined) {
    throw new ConfigurationError({ setting: 'durable', message: 'durable programs need Node 20.16 or later (process.getBuiltinModule, node:crypto, node:zlib); this runtime has none' });
  }
  primitives = {
    sha256Hex: (data) => crypto.createHash('sha256').update(data).digest('hex'),
    hmac: (key, parts) => {
      const mac = crypto.createHmac('sha256', key);
      for (const part of parts) mac.update(part);
      return new Uint8Array(mac.digest());
    },
    equal: (a, b) => a.length === b.length && crypto.timingSafeEqual(a, b),
    compress: (data) =>
      zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength } }),
    decompress: (data, maxBytes) => zlib.brotliDecompressSync(data, { maxOutputLength: Math.max(1, maxBytes) }),
  };
  return primitives;
}
