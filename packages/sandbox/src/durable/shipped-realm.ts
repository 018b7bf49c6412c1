import { captureRealmImage, decodeRealmImage, encodeRealmImage } from '../guest/realm-image.js';
import type { RealmImage, RealmImageSource } from '../guest/realm-image.js';
import { GuestRealm } from '../guest/guest-realm.js';
import { createQuickJsInstance, memoryCapBytes } from '../guest/quickjs-instance.js';
import { DEFAULT_SANDBOX_LIMITS } from '../contract/sandbox-limits.js';
import { buildFingerprint } from './build-fingerprint.js';
import { sealPrimitives, sha256Hex } from './node-primitives.js';

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

/** Why the shipped realm is not used, when it exists and is not: said once per process. */
export type ShippedRealmWarn = (message: string) => void;

const warnOnce: ShippedRealmWarn = (message) => {
  const emit = (globalThis as { process?: { emitWarning?: (message: string, options: { code: string }) => void } }).process?.emitWarning;
  emit?.(`toolcell: ${message}; preparing realms as usual (rebuild @toolcell/sandbox to ship a matching one)`, { code: 'TOOLCELL_SHIPPED_REALM' });
};

/**
 * The realm image in `bytes` if it was made by this build (library, variant, `.wasm` and
 * prelude digests) and is whole; otherwise undefined, after telling `warn` why.
 */
export async function readShippedRealm(bytes: Uint8Array, warn: ShippedRealmWarn = warnOnce): Promise<RealmImage | undefined> {
  const reading = await decodeRealmImage(bytes, { ...buildFingerprint() }, sha256Hex);
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
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (typeof getBuiltin !== 'function') return undefined;
  const { readFileSync } = getBuiltin('node:fs') as NodeFs;
  // Checked once the task that asked ends: by then the instance's compile has started (it
  // runs off the thread meanwhile) and the fingerprint digests the bytes it read.
  await Promise.resolve();
  for (const candidate of CANDIDATES) {
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(new URL(candidate, import.meta.url));
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
  return encodeRealmImage(image, { ...buildFingerprint() }, sealPrimitives().sha256Hex);
}
