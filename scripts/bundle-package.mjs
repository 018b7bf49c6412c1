#!/usr/bin/env node
// Run by each package's `build` after `tsc -b`: bundle the package's compiled entries
// (dist/<entry>.js, named by the `types` of each `exports` entry) into dist/bundle/, one ESM
// file per entry plus chunks for the code entries share (one module instance per class,
// whatever entry it is imported through). `exports` points at the bundles.
//
// Why: Node's ESM loader resolves, reads, compiles and links each module separately, about
// 1 ms a module; the full stack is ~120 small modules, which made importing it ~100 ms, most
// of it the loader. Every import of another package or a dependency stays an import (the
// packages keep their own instances; lazily imported dependencies stay lazy), and the
// bundles' source maps chain through tsc's maps back to src/.
//
//   node scripts/bundle-package.mjs [package-dir …]   (no dir: the current one)
// Besides `exports`, package.json `toolcellBundle.urlEntries` lists the modules a package
// starts by URL (a child process's or a worker's entry, `new URL('./name.js',
// import.meta.url)`): every output sits in the one folder, so such a URL finds the bundled
// entry of that name beside the code that asks for it.
import { readFileSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';

const BUNDLE_DIR = 'dist/bundle';

/** The flat name of an entry's bundle: dist/openai-chat/index.js becomes openai-chat-index. */
function bundleName(compiled) {
  return compiled.replace(/^dist\//, '').replace(/\.js$/, '').replaceAll('/', '-');
}

/** `{ outputName: compiledEntry }` for every code entry of package.json `exports`. */
function exportEntries(manifest) {
  const entries = {};
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target !== 'object' || target === null || typeof target.types !== 'string') continue;
    const compiled = target.types.replace(/^\.\//, '').replace(/\.d\.ts$/, '.js');
    const name = bundleName(compiled);
    const bundled = `./${BUNDLE_DIR}/${name}.js`;
    if (target.import !== bundled || target.default !== bundled) {
      throw new Error(`exports["${subpath}"]: "import" and "default" must be "${bundled}" (the bundle of ${compiled})`);
    }
    entries[name] = compiled;
  }
  return entries;
}

/** Bundle the package in `dir` (its dist/ built by tsc). */
async function bundlePackage(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entryPoints = exportEntries(manifest);
  for (const extra of manifest.toolcellBundle?.urlEntries ?? []) {
    const name = basename(extra, '.js');
    if (name in entryPoints) throw new Error(`${manifest.name}: two entries would both be ${BUNDLE_DIR}/${name}.js`);
    entryPoints[name] = extra;
  }
  // Chunk names change with their contents: nothing of an earlier build may stay.
  rmSync(join(dir, BUNDLE_DIR), { recursive: true, force: true });
  await build({
    absWorkingDir: resolve(dir),
    entryPoints,
    outdir: BUNDLE_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    // Only the package's own modules: other packages and dependencies load as they would.
    packages: 'external',
    sourcemap: true,
    // The sources ship beside dist/; the maps point at them.
    sourcesContent: false,
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
  });
}

const dirs = process.argv.slice(2);
for (const dir of dirs.length === 0 ? ['.'] : dirs) await bundlePackage(dir);
