#!/usr/bin/env node
// Run by each package's `build` after `tsc -b`: bundle the package's compiled entries
// (dist/<entry>.js, named by the `types` of each `exports` entry) into dist/bundle/, one ESM
// file per entry plus chunks for the code entries share (one module instance per class,
// whatever entry it is imported through). `exports` points at the bundles.
//
// Why: Node's ESM loader resolves, reads, compiles and links each module separately, about
// 1 ms a module; the full stack is ~120 small modules, which made importing it ~100 ms, most
// of it the loader. Every import of another package or a dependency stays an import (the
// packages keep their own instances; lazily imported dependencies stay lazy; INLINED is the
// one exception), and the bundles' source maps chain through tsc's maps back to src/.
//
//   node scripts/bundle-package.mjs [--references | --build] [package-dir …]   (no dir: the current one)
// `--references` also bundles every package the tsconfig.build.json references, as `tsc -b`
// builds them. `--build` first runs that `tsc -b`, then bundles with the references: the
// package as published, with its dependencies (a bench or test that runs the built stack).
// Besides `exports`, package.json `toolcellBundle.urlEntries` lists the modules a package
// starts by URL (a child process's or a worker's entry, `new URL('./name.js',
// import.meta.url)`): every output sits in the one folder, so such a URL finds the bundled
// entry of that name beside the code that asks for it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const BUNDLE_DIR = 'dist/bundle';

/**
 * Dependencies compiled into the bundles instead of imported: CommonJS ones that are small
 * and stateless. Importing CommonJS from ESM makes Node parse it for its export names
 * (cjs-module-lexer) and start its CommonJS loader: about 6 ms of a cold import for
 * eventemitter3's 10 KB. The packages still depend on them for their types.
 */
const INLINED = new Set(['eventemitter3']);

/** Every bare import stays an import, except those of {@link INLINED}. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
      return INLINED.has(name) ? undefined : { path, external: true };
    });
  },
};

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

/** The inlined dependencies of the package: `{ name, root, banner notice }` each. */
function inlinedDependencies(dir, manifest) {
  const require = createRequire(resolve(dir, 'package.json'));
  return Object.keys(manifest.dependencies ?? {})
    .filter((name) => INLINED.has(name))
    .map((name) => {
      const root = dirname(require.resolve(`${name}/package.json`));
      const { version, license } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
      return { name, root, notice: `${name}@${version} (${license}, see LICENSE.${name}.txt)` };
    });
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
  const inlined = inlinedDependencies(dir, manifest);
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
    plugins: [externalDependencies],
    sourcemap: true,
    // The sources ship beside dist/; the maps point at them.
    sourcesContent: false,
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
    ...(inlined.length === 0 ? {} : { banner: { js: `// Includes ${inlined.map(({ notice }) => notice).join(', ')}.` } }),
  });
  // Their licenses ask for their notice in every copy.
  for (const { name, root } of inlined) copyFileSync(join(root, 'LICENSE'), join(dir, BUNDLE_DIR, `LICENSE.${name}.txt`));
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
  for (const target of references ? withReferences(dir) : [dir]) await bundlePackage(target);
}
