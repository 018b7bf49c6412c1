import { captureRealmImage, decodeRealmImage, encodeRealmImage } from '../guest/realm-image.js';
import type { ImageBuild, RealmImage, RealmImageSource } from '../guest/realm-image.js';
import { GuestRealm } from '../guest/guest-realm.js';
import { createQuickJsInstance, memoryCapBytes } from '../guest/quickjs-instance.js';
import { DEFAULT_SANDBOX_LIMITS } from '../contract/sandbox-limits.js';
import { GUEST_PRELUDE, REMOVED_GLOBALS } from '../guest/guest-prelude.js';
import { nodeBuiltin } from '../shared/node-builtin.js';
import { PINNED_WASM_FILE, readWasmFile } from '../shared/wasm-file-compiler.js';
import { QUICKJS_LIBRARY, QUICKJS_VARIANT } from './build-fingerprint.js';

// The prepared realm the package ships: its build (scripts/ship-realm.mjs, after the bundles)
// writes dist/prepared-realm.bin, and the first instance of a process restores it instead of
// preparing a realm (compiling the prelude, setting up the globals: most of a cold first
// exec). Only the built package ships one: the file sits beside the modules that read it
// (dist/bundle/*.js and dist/bundle/child|worker/*.js look one and two folders up), so the
// sources (tests, `@toolcell/source`) never find a file built from other sources.

/** The file the package's build writes into dist/. */
export const SHIPPED_REALM_FILE = 'prepared-realm.bin';
const CANDIDATES = [`../${SHIPPED_REALM_FILE}`, `../../${SHIPPED_REALM_FILE}`];

interface NodeFs {
  readFileSync(path: URL): Uint8Array;
}

interface NodeZlib {
  crc32(data: Uint8Array | string): number;
}

/**
 * CRC-32 and length of `data`, hex: how a shipped image names its memory and its build.
 * The image ships inside the package built with it, so what the check guards against is a
 * damaged file or a mismatched install, not an adversary (whoever can edit the image can
 * edit the code that reads it). CRC-32 does that at a third of SHA-256's cost on a cold
 * start, and without loading node:crypto, which nothing else on a first exec's path needs.
 */
export function shippedRealmDigest(data: Uint8Array | string): string {
  const zlib = nodeBuiltin<NodeZlib>('node:zlib');
  if (zlib === undefined) throw new Error('checking a shipped realm image needs node:zlib');
  const length = typeof data === 'string' ? new TextEncoder().encode(data).byteLength : data.byteLength;
  return `crc32:${zlib.crc32(data).toString(16).padStart(8, '0')}:${length}`;
}

/** What made a shipped image: the QuickJS library and variant, and the {@link shippedRealmDigest}s of the `.wasm` and the prelude. */
export function shippedRealmBuild(): ImageBuild {
  const wasm = readWasmFile(PINNED_WASM_FILE);
  return {
    library: QUICKJS_LIBRARY,
    variant: QUICKJS_VARIANT,
    wasm: wasm === undefined ? 'unknown' : shippedRealmDigest(wasm),
    prelude: shippedRealmDigest(`${GUEST_PRELUDE}\n${REMOVED_GLOBALS.join(',')}`),
  };
}

/** Why the shipped realm is not used, when it exists and is not: said once per process. */
export type ShippedRealmWarn = (message: string) => void;

const warnOnce: ShippedRealmWarn = (message) => {
  const emit = (globalThis as { process?: { emitWarning?: (message: string, options: { code: string }) => void } }).process?.emitWarning;
  emit?.(`toolcell: ${message}; preparing realms as usual (rebuild @toolcell/sandbox to ship a matching one)`, { code: 'TOOLCELL_SHIPPED_REALM' });
};

/**
 * The realm image in `bytes` if it was made by this build ({@link shippedRealmBuild}) and is
 * whole; otherwise undefined, after telling `warn` why.
 */
export async function readShippedRealm(bytes: Uint8Array, warn: ShippedRealmWarn = warnOnce): Promise<RealmImage | undefined> {
  const reading = await decodeRealmImage(bytes, shippedRealmBuild(), shippedRealmDigest);
  if ('image' in reading) return reading.image;
  warn(`the shipped realm image is not used: ${reading.refused}`);
  return undefined;
}

let loaded: { readonly image: Promise<RealmImage | undefined> } | undefined;

/**
 * The shipped realm image of this package, read once per process (on the first instance):
 * none where there is no file (the sources, a bundled application, a runtime without Node's
 * built-ins) or it does not match this build (said once); dropped, said once, when a realm
 * restored from it is not wired as it says.
 */
export const shippedRealm: RealmImageSource = {
  image() {
    loaded ??= {
      image: loadShipped().catch((error: unknown) => {
        warnOnce(`the shipped realm image is not used: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }),
    };
    return loaded.image;
  },
  mismatched() {
    loaded = { image: Promise.resolve(undefined) };
    warnOnce('the shipped realm image is not used: a realm restored from it is wired differently');
  },
};

async function loadShipped(): Promise<RealmImage | undefined> {
  const fs = nodeBuiltin<NodeFs>('node:fs');
  if (fs === undefined) return undefined;
  // Checked once the task that asked ends: by then the instance's compile has started (it
  // runs off the thread meanwhile) and the fingerprint digests the bytes it read.
  await Promise.resolve();
  for (const candidate of CANDIDATES) {
    let bytes: Uint8Array;
    try {
      bytes = fs.readFileSync(new URL(candidate, import.meta.url));
    } catch {
      continue;
    }
    return readShippedRealm(bytes);
  }
  return undefined;
}

/** The encoded image of a realm prepared now, for the build to ship (see scripts/ship-realm.mjs). */
export async function buildShippedRealm(): Promise<Uint8Array> {
  const capBytes = memoryCapBytes(DEFAULT_SANDBOX_LIMITS.memoryBytes);
  const realm = new GuestRealm(await createQuickJsInstance(capBytes));
  const image = captureRealmImage(realm, await createQuickJsInstance(capBytes));
  return encodeRealmImage(image, shippedRealmBuild(), shippedRealmDigest);
}
