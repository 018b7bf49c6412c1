#!/usr/bin/env node
// Run by the build after the bundles (package.json `toolcellBundle.afterBundle`): prepare a
// realm with the compiled package and write its image to dist/prepared-realm.bin, which the
// package restores into its first instance instead of preparing one (see
// src/durable/shipped-realm.ts). The image names the build that made it (QuickJS library,
// variant, `.wasm` and prelude digests): another build refuses it and prepares as usual.
import { writeFileSync } from 'node:fs';
import { URL } from 'node:url';

const { SHIPPED_REALM_FILE, buildShippedRealm } = await import(new URL('../dist/durable/shipped-realm.js', import.meta.url).href);
const bytes = await buildShippedRealm();
writeFileSync(new URL(`../dist/${SHIPPED_REALM_FILE}`, import.meta.url), bytes);
