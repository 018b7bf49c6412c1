import { GUEST_PRELUDE, REMOVED_GLOBALS } from '../guest/guest-prelude.js';
import { PINNED_WASM_FILE, readWasmFile } from '../shared/wasm-file-compiler.js';
import { sha256Hex } from './node-primitives.js';

/** The pinned QuickJS build (package.json pins both at this version; a test checks it). */
export const QUICKJS_LIBRARY = 'quickjs-emscripten-core@0.32.0';
/** The variant every instance uses. */
export const QUICKJS_VARIANT = '@jitl/quickjs-wasmfile-release-sync@0.32.0';

/** What a snapshot's memory was made by: another build or prelude cannot read it. */
export interface BuildFingerprint {
  readonly library: string;
  readonly variant: string;
  /** SHA-256 of the `.wasm` file (hex), or `unknown` where it cannot be read. */
  readonly wasm: string;
  /** SHA-256 of the guest prelude and the globals it removes (hex). */
  readonly prelude: string;
}

let fingerprint: BuildFingerprint | undefined;

/**
 * This process's build fingerprint (the `.wasm` is read and digested once, natively: about
 * half a millisecond, less than Web Crypto's own setup on a cold start).
 */
export function buildFingerprint(): BuildFingerprint {
  if (fingerprint !== undefined) return fingerprint;
  // A bundled application may not ship the file where it can be found; the wiring still guards.
  const wasmBytes = readWasmFile(PINNED_WASM_FILE);
  const wasm = wasmBytes === undefined ? 'unknown' : sha256Hex(wasmBytes);
  fingerprint = { library: QUICKJS_LIBRARY, variant: QUICKJS_VARIANT, wasm, prelude: sha256Hex(`${GUEST_PRELUDE}\n${REMOVED_GLOBALS.join(',')}`) };
  return fingerprint;
}

/** A short name of a fingerprint, for messages. */
export function describeBuild(build: BuildFingerprint): string {
  return `${build.library}, ${build.variant}, wasm sha256 ${build.wasm.slice(0, 16)}, prelude sha256 ${build.prelude.slice(0, 16)}`;
}
