import { ConfigurationError } from '@toolcell/core';

// The seal's primitives: SHA-256, HMAC-SHA256 and gzip, synchronous because a program is
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
  gzipSync(data: Uint8Array, options: { level: number }): Uint8Array;
  gunzipSync(data: Uint8Array, options: { maxOutputLength: number }): Uint8Array;
}

/** The primitives a seal uses. */
export interface SealPrimitives {
  sha256Hex(data: Uint8Array | string): string;
  hmac(key: Uint8Array | string, parts: readonly Uint8Array[]): Uint8Array;
  equal(a: Uint8Array, b: Uint8Array): boolean;
  /** gzip at level 1: fast, and a paused heap is mostly pointers and zeros. */
  gzip(data: Uint8Array): Uint8Array;
  /** Throws when the data is not gzip or inflates past `maxBytes`. */
  gunzip(data: Uint8Array, maxBytes: number): Uint8Array;
}

let primitives: SealPrimitives | undefined;

/**
 * SHA-256 (hex) with node:crypto alone: what a cold start's check of the shipped realm
 * needs, without loading zlib too. Throws where Node's built-ins are missing.
 */
export function sha256Hex(data: Uint8Array | string): string {
  if (primitives !== undefined) return primitives.sha256Hex(data);
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (typeof getBuiltin !== 'function') return sealPrimitives().sha256Hex(data);
  return (getBuiltin('node:crypto') as NodeCrypto).createHash('sha256').update(data).digest('hex');
}

/** The seal's primitives in this runtime; throws a ConfigurationError where Node's built-ins are missing. */
export function sealPrimitives(): SealPrimitives {
  if (primitives !== undefined) return primitives;
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (typeof getBuiltin !== 'function') {
    throw new ConfigurationError({ setting: 'durable', message: 'durable programs need Node 20.16 or later (process.getBuiltinModule, node:crypto, node:zlib); this runtime has none' });
  }
  const crypto = getBuiltin('node:crypto') as NodeCrypto;
  const zlib = getBuiltin('node:zlib') as NodeZlib;
  primitives = {
    sha256Hex: (data) => crypto.createHash('sha256').update(data).digest('hex'),
    hmac: (key, parts) => {
      const mac = crypto.createHmac('sha256', key);
      for (const part of parts) mac.update(part);
      return new Uint8Array(mac.digest());
    },
    equal: (a, b) => a.length === b.length && crypto.timingSafeEqual(a, b),
    gzip: (data) => zlib.gzipSync(data, { level: 1 }),
    gunzip: (data, maxBytes) => zlib.gunzipSync(data, { maxOutputLength: Math.max(1, maxBytes) }),
  };
  return primitives;
}
