// Shared flat config. `toolcellLint({ packageDir })` adds the import rules for one package:
// no `@toolcell/*/src` imports, no subpaths a package does not declare in `exports`, no
// imports that point up the layer table, and no import cycles between a package's modules.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { LAYERS, TEST_FILES, TEST_LAYERS, TOP_LAYER } from './layers.js';

const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function readManifest(dir) {
  const file = join(dir, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Every `@toolcell/x/sub` subpath that some workspace package declares in its `exports` map. */
function declaredSubpaths() {
  const subpaths = [];
  // Tooling packages (the private bench kit) declare subpaths too.
  for (const folder of ['packages', 'tooling']) {
    const parentDir = join(workspaceRoot, folder);
    for (const entry of existsSync(parentDir) ? readdirSync(parentDir) : []) {
      const manifest = readManifest(join(parentDir, entry));
      if (!manifest?.exports || typeof manifest.exports !== 'object') continue;
      for (const key of Object.keys(manifest.exports)) {
        if (key.startsWith('./') && key !== './package.json') {
          subpaths.push(`${manifest.name}/${key.slice(2)}`);
        }
      }
    }
  }
  return subpaths;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function importRules(packageName, { tests = false } = {}) {
  const allowed = [...(LAYERS[packageName] ?? TOP_LAYER), ...(tests ? (TEST_LAYERS[packageName] ?? []) : [])];
  const forbidden = Object.keys(LAYERS).filter(
    (name) => name !== packageName && !allowed.includes(name),
  );
  const subpaths = declaredSubpaths();
  const patterns = [
    {
      regex: '^@toolcell/[^/]+/src(/.*)?$',
      message: 'Import the package entry, not its sources: use the name in its exports map.',
    },
    {
      regex: `^@toolcell/(?!(?:${subpaths.map((subpath) => escape(subpath.slice('@toolcell/'.length))).join('|') || '$^'})$)[^/]+/.+$`,
      message: 'This subpath is not declared in the package exports map.',
    },
  ];
  if (forbidden.length > 0) {
    patterns.push({
      regex: `^(?:${forbidden.map(escape).join('|')})(?:/.*)?$`,
      message:
        allowed.length === 0
          ? `${packageName} is the bottom layer and imports no workspace package (see the layer table in docs/architecture.md).`
          : `${packageName} may import only ${allowed.join(', ')}${tests ? ' in tests' : ''} (see the layer table in docs/architecture.md).`,
    });
  }
  return { 'no-restricted-imports': ['error', { patterns }] };
}

// Sources import each other as `./x.js` (NodeNext): resolve that to the `.ts` file. Only
// relative imports are followed: packages cannot form cycles (the layer table forbids it).
const cycleRules = {
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
  },
  rules: {
    // Type-only imports are erased at compile time and are not followed (the rule's design).
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

/** @param {{ packageDir: string }} options */
export function toolcellLint({ packageDir }) {
  const manifest = readManifest(packageDir);
  return tseslint.config(
    { ignores: ['dist/**', 'node_modules/**', '**/__fixtures__/**'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      rules: {
        ...importRules(manifest?.name ?? ''),
        '@typescript-eslint/consistent-type-imports': 'error',
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        'no-console': 'off',
      },
    },
    { files: TEST_FILES, rules: importRules(manifest?.name ?? '', { tests: true }) },
    cycleRules,
  );
}
