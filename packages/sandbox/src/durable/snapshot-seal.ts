import { ConfigurationError } from '@toolcell/core';
import type { SealKey, SealKeys, SnapshotIdentity, SuspendRefusal } from '../contract/durable-program.js';
import type { LiveMemory } from '../guest/live-memory.js';
import { describeBuild } from './build-fingerprint.js';
import type { BuildFingerprint } from './build-fingerprint.js';
import { sealPrimitives } from './node-primitives.js';
import { SnapshotError } from './snapshot-error.js';
import type { SnapshotHeader } from './snapshot-header.js';

/**
 * The seal's format, version 2 (all integers big-endian):
 *
 * | bytes | what |
 * | --- | --- |
 * | 8 | magic `\x89TCSNAP\n` |
 * | 4 | format version (2) |
 * | 4 | total length of the snapshot, MAC included |
 * | 1 + n | length and ASCII id of the key that sealed it |
 * | 4 + h | length and UTF-8 JSON of the {@link SnapshotHeader} |
 * | … | each memory region, Brotli quality 1, in the header's order |
 * | 32 | HMAC-SHA256 with the key, over everything before it |
 */
export const SNAPSHOT_FORMAT_VERSION = 2;
const MAGIC = Uint8Array.from([0x89, 0x54, 0x43, 0x53, 0x4e, 0x41, 0x50, 0x0a]);
const MAC_BYTES = 32;
const MIN_SECRET_BYTES = 32;
const KEY_ID = /^[\x21-\x7e]{1,64}$/;
const encoder = new TextEncoder();

function secretBytes(key: SealKey): Uint8Array {
  return typeof key.secret === 'string' ? encoder.encode(key.secret) : key.secret;
}

/** Check the host's keys; throws a ConfigurationError (`durable.keys…`) for one that cannot seal safely. */
export function checkSealKeys(keys: SealKeys): void {
  const all = [keys.current, ...(keys.previous ?? [])];
  all.forEach((key, index) => {
    const setting = index === 0 ? 'durable.keys.current' : `durable.keys.previous[${index - 1}]`;
    if (typeof key?.id !== 'string' || !KEY_ID.test(key.id)) throw new ConfigurationError({ setting, message: 'a key id is 1 to 64 printable ASCII characters' });
    const secret = key.secret;
    if (!(typeof secret === 'string' || secret instanceof Uint8Array) || secretBytes(key).length < MIN_SECRET_BYTES) {
      throw new ConfigurationError({ setting, message: `a secret is at least ${MIN_SECRET_BYTES} bytes (a string counts as its UTF-8 bytes)` });
    }
  });
}

/** The header without what sealing adds (the regions' sizes). */
export type UnsealedHeader = Omit<SnapshotHeader, 'regions' | 'memoryBytes'>;

/** A memory region compressed for a seal (Brotli quality 1). */
export interface CompressedRegion {
  /** Byte offset in the linear memory. */
  readonly start: number;
  /** Its size in memory. */
  readonly bytes: number;
  readonly compressed: Uint8Array;
}

/** A paused program's live memory, compressed: what a seal stores (a sandbox peer compresses its own and sends this). */
export interface CompressedMemory {
  readonly memoryBytes: number;
  readonly regions: readonly CompressedRegion[];
  /** See `LiveMemory.baseline`. */
  readonly baseline?: string;
}

/** Compress live memory for {@link sealCompressed}. */
export function compressLiveMemory(live: LiveMemory): CompressedMemory {
  const { compress } = sealPrimitives();
  return {
    memoryBytes: live.memoryBytes,
    regions: live.regions.map((region) => ({ start: region.start, bytes: region.bytes.byteLength, compressed: compress(region.bytes) })),
    ...(live.baseline === undefined ? {} : { baseline: live.baseline }),
  };
}

/** Decompress memory a parent sent (`RangeError` when a region does not inflate to its size). */
export function inflateMemory(memory: CompressedMemory): LiveMemory {
  const { decompress } = sealPrimitives();
  const regions = memory.regions.map((region) => {
    const bytes = decompress(region.compressed, region.bytes);
    if (bytes.byteLength !== region.bytes) throw new RangeError(`a memory region inflates to ${bytes.byteLength} bytes, not ${region.bytes}`);
    return { start: region.start, bytes };
  });
  return { memoryBytes: memory.memoryBytes, regions, ...(memory.baseline === undefined ? {} : { baseline: memory.baseline }) };
}

/** Seal a paused program: its snapshot, or (over `maxBytes`) why there is none. */
export function sealSnapshot(header: UnsealedHeader, live: LiveMemory, keys: SealKeys, maxBytes: number): { readonly sealed: Uint8Array } | { readonly refused: SuspendRefusal } {
  return sealCompressed(header, compressLiveMemory(live), keys, maxBytes);
}

/** {@link sealSnapshot} of memory compressed already. */
export function sealCompressed(header: UnsealedHeader, memory: CompressedMemory, keys: SealKeys, maxBytes: number): { readonly sealed: Uint8Array } | { readonly refused: SuspendRefusal } {
  const { hmac } = sealPrimitives();
  const compressed = memory.regions.map((region) => region.compressed);
  const full: SnapshotHeader = {
    ...header,
    memoryBytes: memory.memoryBytes,
    regions: memory.regions.map((region) => ({ start: region.start, bytes: region.bytes, sealedBytes: region.compressed.byteLength })),
    ...(memory.baseline === undefined ? {} : { baseline: memory.baseline }),
  };
  const keyId = encoder.encode(keys.current.id);
  const headerBytes = encoder.encode(JSON.stringify(full));
  const total = MAGIC.length + 4 + 4 + 1 + keyId.length + 4 + headerBytes.length + compressed.reduce((sum, part) => sum + part.byteLength, 0) + MAC_BYTES;
  if (total > maxBytes) {
    return {
      refused: {
        code: 'SNAPSHOT_TOO_LARGE',
        message: `the program was not suspended: its sealed snapshot would be ${total} bytes, over maxSnapshotBytes (${maxBytes}); it keeps running in this process, and its parked calls wait for answers here`,
        sealedBytes: total,
        maxSnapshotBytes: maxBytes,
      },
    };
  }
  const sealed = new Uint8Array(total);
  const view = new DataView(sealed.buffer);
  let at = 0;
  const put = (bytes: Uint8Array): void => {
    sealed.set(bytes, at);
    at += bytes.length;
  };
  put(MAGIC);
  view.setUint32(at, SNAPSHOT_FORMAT_VERSION);
  view.setUint32(at + 4, total);
  view.setUint8(at + 8, keyId.length);
  at += 9;
  put(keyId);
  view.setUint32(at, headerBytes.length);
  at += 4;
  put(headerBytes);
  for (const part of compressed) put(part);
  put(hmac(secretBytes(keys.current), [sealed.subarray(0, at)]));
  return { sealed };
}

/** What a resume expects of a snapshot. */
export interface OpenSnapshotOptions {
  readonly keys: SealKeys;
  readonly identity: SnapshotIdentity;
  readonly maxBytes: number;
  /** The wall clock now, in ms since the epoch. */
  readonly now: number;
  readonly build: BuildFingerprint;
  /** The ids of the calls the resume answers. */
  readonly answerIds: readonly number[];
}

/** A checked snapshot: its header, and its memory as it is stored (compressed, views of the snapshot), not yet decompressed. */
export interface ReadSnapshot {
  readonly header: SnapshotHeader;
  readonly compressed: CompressedMemory;
}

/** A checked snapshot with its memory decompressed. */
export interface OpenedSnapshot extends ReadSnapshot {
  readonly live: LiveMemory;
}

function malformed(message: string): SnapshotError {
  return new SnapshotError({ code: 'SNAPSHOT_MALFORMED', message });
}

/** A snapshot whose seal, build, identity and expiry were checked, its memory not yet read. */
interface CheckedSeal {
  readonly header: SnapshotHeader;
  /** Where its compressed memory regions start. */
  readonly regionsStart: number;
  /** Where its MAC starts. */
  readonly macStart: number;
}

/**
 * Check a sealed snapshot as a resume would — its size, its structure, its MAC, its build,
 * identity and expiry — without reading its memory. Throws a {@link SnapshotError} for the
 * first that fails. A host checks this before it runs a suspended program's decided calls,
 * so no call runs for a snapshot that cannot resume.
 */
export function checkSnapshot(bytes: Uint8Array, options: Omit<OpenSnapshotOptions, 'answerIds'>): void {
  checkSeal(bytes, options);
}

/**
 * {@link openSnapshot} without decompressing the memory: for a resume whose memory is
 * decompressed elsewhere (a sandbox peer), so it is decompressed once. Its regions are
 * views of `bytes`.
 */
export function readSnapshot(bytes: Uint8Array, options: OpenSnapshotOptions): ReadSnapshot {
  const { header, regionsStart, macStart } = checkSeal(bytes, options);
  checkAnswerIds(header, options.answerIds);
  const regions: CompressedRegion[] = [];
  let at = regionsStart;
  for (const region of header.regions) {
    if (at + region.sealedBytes > macStart) throw malformed('its memory regions run past its end');
    regions.push({ start: region.start, bytes: region.bytes, compressed: bytes.subarray(at, at + region.sealedBytes) });
    at += region.sealedBytes;
  }
  if (at !== macStart) throw malformed('bytes remain after its memory regions');
  const baseline = typeof header.baseline === 'string' ? { baseline: header.baseline } : {};
  return { header, compressed: { memoryBytes: header.memoryBytes, regions, ...baseline } };
}

/** Decompress a read snapshot's memory; throws a {@link SnapshotError} (`SNAPSHOT_MALFORMED`) for a region that does not decompress to its size. */
export function inflateSnapshot(read: ReadSnapshot): LiveMemory {
  const { decompress } = sealPrimitives();
  const { compressed } = read;
  const regions = compressed.regions.map((region) => {
    let inflated: Uint8Array;
    try {
      inflated = decompress(region.compressed, region.bytes);
    } catch {
      throw malformed('a memory region does not decompress');
    }
    if (inflated.byteLength !== region.bytes) throw malformed('a memory region decompresses to another size');
    return { start: region.start, bytes: inflated };
  });
  return { memoryBytes: compressed.memoryBytes, regions, ...(compressed.baseline === undefined ? {} : { baseline: compressed.baseline }) };
}

/**
 * Check a sealed snapshot and read it: its size, its structure, its MAC (any changed byte
 * fails it), then its build, identity, expiry and the answered ids, then its memory. Throws
 * a {@link SnapshotError} for the first that fails; `bytes` is never changed.
 */
export function openSnapshot(bytes: Uint8Array, options: OpenSnapshotOptions): OpenedSnapshot {
  const read = readSnapshot(bytes, options);
  return { ...read, live: inflateSnapshot(read) };
}

function checkSeal(bytes: Uint8Array, options: Omit<OpenSnapshotOptions, 'answerIds'>): CheckedSeal {
  if (!(bytes instanceof Uint8Array)) throw malformed('a snapshot is a Uint8Array');
  if (bytes.length > options.maxBytes) {
    throw new SnapshotError({ code: 'SNAPSHOT_TOO_LARGE', message: `it is ${bytes.length} bytes, over maxSnapshotBytes (${options.maxBytes})` });
  }
  const minimum = MAGIC.length + 4 + 4 + 1 + 4 + MAC_BYTES;
  if (bytes.length < minimum || MAGIC.some((byte, index) => bytes[index] !== byte)) throw malformed('it is not a toolcell snapshot (no magic number)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8);
  if (version !== SNAPSHOT_FORMAT_VERSION) throw malformed(`it is in format version ${version}; this host reads version ${SNAPSHOT_FORMAT_VERSION}`);
  const total = view.getUint32(12);
  if (total !== bytes.length) throw malformed(`it is truncated or padded: it declares ${total} bytes and has ${bytes.length}`);
  const keyIdLength = view.getUint8(16);
  if (17 + keyIdLength + 4 + MAC_BYTES > total) throw malformed('its key id runs past its end');
  const keyId = new TextDecoder().decode(bytes.subarray(17, 17 + keyIdLength));
  const headerLength = view.getUint32(17 + keyIdLength);
  const headerStart = 21 + keyIdLength;
  if (headerStart + headerLength + MAC_BYTES > total) throw malformed('its header runs past its end');
  const { hmac, equal } = sealPrimitives();
  const key = [options.keys.current, ...(options.keys.previous ?? [])].find((candidate) => candidate.id === keyId);
  if (key === undefined) throw new SnapshotError({ code: 'SNAPSHOT_TAMPERED', message: `it was sealed with key "${keyId}", which this host does not have (current and previous keys)` });
  const macStart = total - MAC_BYTES;
  if (!equal(hmac(secretBytes(key), [bytes.subarray(0, macStart)]), bytes.subarray(macStart))) {
    throw new SnapshotError({ code: 'SNAPSHOT_TAMPERED', message: `its MAC does not match key "${keyId}": a byte was changed, or it was sealed with another secret under that id` });
  }
  let header: SnapshotHeader;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(headerStart, headerStart + headerLength))) as SnapshotHeader;
  } catch {
    throw malformed('its header is not JSON');
  }
  checkHeader(header, options);
  return { header, regionsStart: headerStart + headerLength, macStart };
}

function checkHeader(header: SnapshotHeader, options: Omit<OpenSnapshotOptions, 'answerIds'>): void {
  const build = header.build;
  const here = options.build;
  if (build.library !== here.library || build.variant !== here.variant || build.wasm !== here.wasm || build.prelude !== here.prelude) {
    throw new SnapshotError({
      code: 'SNAPSHOT_BUILD_MISMATCH',
      message: `it was sealed by another build (${describeBuild(build)}); this host runs ${describeBuild(here)}. A snapshot resumes only in the build that sealed it: finish it there, or run the program again`,
    });
  }
  const expected = options.identity;
  for (const field of ['scope', 'session', 'cell'] as const) {
    if (header.identity[field] !== expected[field]) {
      throw new SnapshotError({
        code: 'SNAPSHOT_SCOPE_MISMATCH',
        message: `it belongs to ${field} ${JSON.stringify(header.identity[field] ?? null)}, not to the ${field} ${JSON.stringify(expected[field] ?? null)} it is resumed for`,
      });
    }
  }
  if (options.now >= header.expiresAt) {
    throw new SnapshotError({ code: 'SNAPSHOT_EXPIRED', message: `it expired at ${new Date(header.expiresAt).toISOString()}; run the program again` });
  }
}

function checkAnswerIds(header: SnapshotHeader, answerIds: readonly number[]): void {
  const parked = new Set(header.parked.map((call) => call.id));
  const seen = new Set<number>();
  for (const id of answerIds) {
    if (!parked.has(id) || seen.has(id)) {
      const list = [...parked].join(', ') || 'none';
      throw new SnapshotError({ code: 'SNAPSHOT_UNKNOWN_CALL', message: `an answer names call ${String(id)}${seen.has(id) ? ' twice' : ''}, and the calls parked in it are ${list}` });
    }
    seen.add(id);
  }
}
