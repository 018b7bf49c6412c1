import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core';
import type { QuickJSSyncVariant } from 'quickjs-emscripten-core';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { QuickJSFFI } from '@jitl/quickjs-wasmfile-release-sync/ffi';

// QuickJS's loader and the pinned variant with its FFI, as one module the first instance of
// a process imports (the package's bundles inline these libraries, see
// scripts/bundle-package.mjs): one import instead of three rounds of them (the loader and
// the variant, then the variant's FFI). Emscripten's glue stays the variant's own import.

/** What instances are made with, of the loader (a namespace object would make the bundle load one more module at import). */
export const core = { newVariant, newQuickJSWASMModuleFromVariant };

// The package's types describe its CommonJS build (`{ default: variant }`); the ESM build
// that Node and bundlers load exports the variant itself. Accept both.
const exported = releaseSync as QuickJSSyncVariant | { default: QuickJSSyncVariant };
const base = 'default' in exported ? exported.default : exported;

/** The release-sync variant, its FFI already loaded. */
export const variant: QuickJSSyncVariant = { ...base, importFFI: () => Promise.resolve(QuickJSFFI) };
