#!/usr/bin/env node
// Run by each package's `build` after `tsc -b`: bundle the package's compiled entries
// (dist/<entry>.js, named by the `types` of each `exports` entry) into dist/bundle/, one ESM
// file per entry. `exports` points at the bundles.
//
// Why: Node's ESM loader resolves, reads, compiles and links each module separately, 1-2 ms
// a module cold; the full stack is ~120 small modules, which made importing it ~100 ms, most
// of it the loader. Every import of another package or a dependency stays an import (the
// packages keep their own instances; lazily imported dependencies stay lazy; INLINED is the
// one exception), and the bundles' source maps chain through tsc's maps back to src/.
//
// Each entry is one file with every module of the package it reaches, so importing an entry
// loads one module of the package, not the entry and the chunks it shares with the others
// (4 more modules for the full stack's import, 8-10 ms of its CPU). A module two entries both
// reach is copied into each: safe for code without state whose classes never meet the other
// copy. The build checks the two ways a copy would break (see `copiesBreak`); where one
// would, the package's entries share chunks instead, each shared module loaded once (as
// @toolcell/mcp's do).
//
//   node scripts/bundle-package.mjs [--references | --build] [package-dir …]   (no dir: the current one)
// `--references` also bundles every package the tsconfig.build.json references, as `tsc -b`
// builds them. `--build` first runs that `tsc -b`, then bundles with the references: the
// package as published, with its dependencies (a bench or test that runs the built stack).
// Besides `exports`, package.json `toolcellBundle.urlEntries` maps the modules a package
// starts by URL (a child process's or a worker's entry, `new URL('./child/child-entry.js',
// import.meta.url)`) from that URL's path to their compiled file: `{ "child/child-entry":
// "dist/node/child/child-entry.js" }`. Each is bundled at that path in the bundle folder, so
// the URL finds it relative to the bundle that asks for it. Such an entry starts a realm of
// its own (a process or a thread), where no module of another entry is loaded: it never shares.
// `toolcellBundle.afterBundle` names scripts (relative to the package) run with node once the
// bundles are written: files the build derives from the compiled package (the sandbox's
// prepared realm image).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const BUNDLE_DIR = 'dist/bundle';

/**
 * Dependencies compiled into the bundles instead of imported. The packages still depend on
 * them (for their types, and for the files they read at run time, such as QuickJS's `.wasm`).
 * - eventemitter3: small, stateless CommonJS. Importing CommonJS from ESM makes Node parse it
 *   for its export names (cjs-module-lexer) and start its CommonJS loader: about 6 ms of a
 *   cold import for its 10 KB.
 * - QuickJS's loader and its pinned variant (exact versions; a realm image or a durable
 *   snapshot holds only for that build anyway): the first instance of a process imported
 *   them in two rounds (the loader and the variant, then the variant's FFI and the loader's
 *   module class), nine modules resolved and compiled one after another on a cold first
 *   exec, about 10 ms of it. Inlined, they are one lazy part of the bundle that reaches them.
 */
const INLINED = new Set(['eventemitter3', 'quickjs-emscripten-core', '@jitl/quickjs-ffi-types', '@jitl/quickjs-wasmfile-release-sync']);

/**
 * Subpaths of {@link INLINED} dependencies that stay imports: Emscripten's glue finds the
 * `.wasm` beside itself (where the host gives no compiled module, as in a browser), and a
 * bundler picks its browser build by condition. It is imported while the module compiles.
 */
const KEPT_IMPORTS = new Set(['@jitl/quickjs-wasmfile-release-sync/emscripten-module']);

/**
 * Every bare import stays an import, except those of {@link INLINED}, and those of the
 * package's lazy dependencies, which import their bundle instead (`lazyPaths`: specifier to
 * its path from the bundle folder; `prefix` reaches that folder from the output's own).
 */
function externalDependencies(lazyPaths = {}, prefix = './') {
  return {
    name: 'external-dependencies',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        if (path in lazyPaths) return { path: `${prefix}${lazyPaths[path]}`, external: true };
        const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
        return INLINED.has(name) && !KEPT_IMPORTS.has(path) ? undefined : { path, external: true };
      });
    },
  };
}

/** Where a bundled dependency's license is copied, beside the bundles, and the notice the bundles carry for it. */
function licenseOf({ name, version, license }) {
  const file = `LICENSE.${name.replace('/', '+')}.txt`;
  return { file, notice: `${name}@${version} (${license}, see ${file})` };
}

/** The folder of the lazy dependencies' bundles, in the bundle folder. */
const LAZY_DIR = 'lazy';

/**
 * Bundle the package's `toolcellBundle.lazyDependencies` (`{ "<specifier>": ["<export>", …] }`):
 * dependencies it imports only on demand (`await import(…)`) that are CommonJS made of many
 * modules. Each becomes one ESM file in dist/bundle/lazy/ with its own dependencies (shared
 * code in chunks), exporting the names listed, and the package's bundles import that file in
 * its place. Why: Node's CommonJS loader resolves, reads and compiles each module of such a
 * tree on first use (Ajv is about 100 of them: 40–100 ms on a first nested call); bundled, a
 * few modules. The package still depends on them (versions, types, audits); their licenses
 * ship beside the bundles. Returns `{ specifier: path from the bundle folder }`.
 */
async function bundleLazyDependencies(dir, manifest) {
  const lazy = manifest.toolcellBundle?.lazyDependencies ?? {};
  const specifiers = Object.keys(lazy);
  if (specifiers.length === 0) return {};
  const fileOf = (specifier) => `${LAZY_DIR}/${specifier.replace(/\.c?js$/, '').replace(/[^\w@]+/g, '-')}`;
  const entry = {
    name: 'lazy-entries',
    setup(build) {
      build.onResolve({ filter: /^lazy-entry:/ }, ({ path }) => ({ path: path.slice('lazy-entry:'.length), namespace: 'lazy-entry' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-entry' }, ({ path }) => ({
        contents: `export { ${lazy[path].join(', ')} } from ${JSON.stringify(path)};`,
        resolveDir: resolve(dir),
        loader: 'js',
      }));
    },
  };
  const result = await build({
    absWorkingDir: resolve(dir),
    outdir: BUNDLE_DIR,
    entryPoints: Object.fromEntries(specifiers.map((specifier) => [fileOf(specifier), `lazy-entry:${specifier}`])),
    bundle: true,
    splitting: true,
    chunkNames: `${LAZY_DIR}/chunk-[hash]`,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    plugins: [entry],
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // The packages whose files went in, for their notices and licenses.
  const roots = new Set(Object.keys(result.metafile.inputs).flatMap((input) => input.match(/^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//)?.[1] ?? []));
  const notices = [];
  mkdirSync(join(dir, BUNDLE_DIR, LAZY_DIR), { recursive: true });
  for (const root of [...roots].sort()) {
    const { file, notice } = licenseOf(JSON.parse(readFileSync(join(dir, root, 'package.json'), 'utf8')));
    if (existsSync(join(dir, root, 'LICENSE'))) copyFileSync(join(dir, root, 'LICENSE'), join(dir, BUNDLE_DIR, LAZY_DIR, file));
    notices.push(notice);
  }
  const banner = `// Bundled from ${notices.join(', ')}.\n`;
  for (const { path, text } of result.outputFiles) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, banner + text);
  }
  return Object.fromEntries(specifiers.map((specifier) => [specifier, `${fileOf(specifier)}.js`]));
}

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

/** The folder of the package `name` as `require` finds it (not every package exports its package.json). */
function packageRoot(require, name) {
  const paths = require.resolve.paths(name) ?? [];
  const root = paths.map((folder) => join(folder, name)).find((folder) => existsSync(join(folder, 'package.json')));
  if (root === undefined) throw new Error(`cannot find the inlined dependency ${name}`);
  // Its own dependencies sit beside its real folder (pnpm links each package's).
  return realpathSync(root);
}

/**
 * The inlined dependencies the package reaches, its own and theirs (QuickJS's loader brings
 * its FFI types): `{ root, file, notice }` each, for the banner and the licenses.
 */
function inlinedDependencies(dir, manifest) {
  const found = new Map();
  const visit = (from, dependencies) => {
    const require = createRequire(join(from, 'package.json'));
    for (const name of Object.keys(dependencies ?? {})) {
      if (!INLINED.has(name) || found.has(name)) continue;
      const root = packageRoot(require, name);
      const dependency = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
      found.set(name, { root, ...licenseOf(dependency) });
      visit(root, dependency.dependencies);
    }
  };
  visit(resolve(dir), manifest.dependencies);
  return [...found.values()];
}

/**
 * A module-level binding that is state when copied: a `let` or `var`, an empty collection or
 * array to fill, a unique symbol. (A filled `new Set([...])` is a lookup table, not state.)
 */
const MODULE_STATE = /^(?:export )?(?:(?:let|var) \w|const \w+ = (?:new (?:Map|Set|WeakMap|WeakSet)\(\)|\[\]|Symbol\())/m;
const CLASS = /^(?:export )?class (\w+)/gm;

/**
 * Whether a module that several of the `builds` (one entry each) copy would break as a copy:
 * module state (each copy would have its own), or a class an entry exports (an instance one
 * copy made fails `instanceof` against the other copy's class).
 */
function copiesBreak(dir, builds) {
  const copies = new Map();
  for (const { metafile } of builds) {
    for (const input of Object.keys(metafile.inputs)) {
      if (!input.includes('node_modules/')) copies.set(input, (copies.get(input) ?? 0) + 1);
    }
  }
  const exported = new Set(builds.flatMap(({ metafile }) => Object.values(metafile.outputs).flatMap((output) => output.exports)));
  return [...copies].some(([input, count]) => {
    if (count < 2) return false;
    const code = readFileSync(join(dir, input), 'utf8');
    return MODULE_STATE.test(code) || [...code.matchAll(CLASS)].some(([, name]) => exported.has(name));
  });
}

/** Write the files of an esbuild result built with `write: false`. */
function writeOutputs({ outputFiles }) {
  for (const { path, contents } of outputFiles) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, contents);
  }
}

/** Bundle the package in `dir` (its dist/ built by tsc). */
async function bundlePackage(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entryPoints = exportEntries(manifest);
  const urlEntries = {};
  for (const [name, extra] of Object.entries(manifest.toolcellBundle?.urlEntries ?? {})) {
    if (name in entryPoints || name in urlEntries) throw new Error(`${manifest.name}: two entries would both be ${BUNDLE_DIR}/${name}.js`);
    urlEntries[name] = extra;
  }
  // Chunk names change with their contents: nothing of an earlier build may stay.
  rmSync(join(dir, BUNDLE_DIR), { recursive: true, force: true });
  const inlined = inlinedDependencies(dir, manifest);
  const lazyPaths = await bundleLazyDependencies(dir, manifest);
  const options = {
    absWorkingDir: resolve(dir),
    outdir: BUNDLE_DIR,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    // Only the package's own modules: other packages and dependencies load as they would.
    sourcemap: true,
    // The sources ship beside dist/; the maps point at them.
    sourcesContent: false,
    logLevel: 'warning',
    ...(inlined.length === 0 ? {} : { banner: { js: `// Includes ${inlined.map(({ notice }) => notice).join(', ')}.` } }),
  };
  // An entry in a folder of its own (child/child-entry) reaches the lazy bundles a folder up.
  const pluginsFor = (name) => [externalDependencies(lazyPaths, '../'.repeat(name.split('/').length - 1) || './')];
  const alone = (name, entry) => build({ ...options, plugins: pluginsFor(name), entryPoints: { [name]: entry }, write: false, metafile: true });
  const builds = await Promise.all(Object.entries(entryPoints).map(([name, entry]) => alone(name, entry)));
  if (!copiesBreak(dir, builds)) builds.forEach(writeOutputs);
  else await build({ ...options, plugins: pluginsFor(''), entryPoints, splitting: true, chunkNames: 'chunk-[hash]' });
  for (const built of await Promise.all(Object.entries(urlEntries).map(([name, entry]) => alone(name, entry)))) writeOutputs(built);
  // Their licenses ask for their notice in every copy.
  for (const { root, file } of inlined) copyFileSync(join(root, 'LICENSE'), join(dir, BUNDLE_DIR, file));
}

/**
 * Run the `toolcellBundle.afterBundle` scripts of the package in `dir`. They may import the
 * built package, and so the bundles of the packages it imports: run them once every target
 * is bundled (a package is bundled before the packages it references).
 */
function runAfterBundle(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const script of manifest.toolcellBundle?.afterBundle ?? []) execFileSync(process.execPath, [script], { cwd: dir, stdio: 'inherit' });
}

/** `dir` and every package its tsconfig.build.json references, as `tsc -b` builds them. */
function withReferences(dir, found = new Set()) {
  const absolute = resolve(dir);
  if (found.has(absolute)) return found;
  found.add(absolute);
  const config = JSON.parse(readFileSync(join(absolute, 'tsconfig.build.json'), 'utf8'));
  for (const reference of config.references ?? []) withReferences(resolve(absolute, dirname(reference.path)), found);
  return found;
}

/**
 * `tsc -b` of the package in `dir` (and the packages it references). Errors in a referenced
 * package are not this one's to fail on (tsc -b still emits it); errors in its own `src/`,
 * or no output at all, are.
 */
function compile(dir) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const report = String(error.stdout ?? error);
    if (report.split('\n').some((line) => line.startsWith('src/')) || !existsSync(join(dir, 'dist', 'index.js'))) {
      throw new Error(`the build of ${dir} failed:\n${report}`, { cause: error });
    }
  }
}

const args = process.argv.slice(2);
const compileFirst = args.includes('--build');
const references = compileFirst || args.includes('--references');
const dirs = args.filter((arg) => arg !== '--references' && arg !== '--build');
for (const dir of dirs.length === 0 ? ['.'] : dirs) {
  if (compileFirst) compile(dir);
  const targets = references ? [...withReferences(dir)] : [dir];
  for (const target of targets) await bundlePackage(target);
  for (const target of targets) runAfterBundle(target);
}
