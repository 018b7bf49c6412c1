// The public packages of the workspace and their entry points, read from the manifests so
// the checks follow the packages as they change: a new package or a new subpath in an
// `exports` map is picked up without editing any list.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folders that hold workspace packages (see pnpm-workspace.yaml). */
const WORKSPACE_FOLDERS = ['packages', 'apps', 'tooling'];

/**
 * @typedef {object} PublicPackage
 * @property {string} name           e.g. `@toolcell/sandbox`
 * @property {string} dir            absolute path of the package folder
 * @property {Record<string, unknown>} manifest
 * @property {string[]} entryPoints  import specifiers, e.g. `@toolcell/sandbox/node`
 */

/** @returns {PublicPackage[]} every workspace package without `"private": true`, by name. */
export function listPublicPackages(root) {
  const found = [];
  for (const folder of WORKSPACE_FOLDERS) {
    const base = join(root, folder);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const dir = join(base, entry.name);
      const manifestPath = join(dir, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      if (manifest.private === true || typeof manifest.name !== 'string') continue;
      found.push({ name: manifest.name, dir, manifest, entryPoints: entryPointsOf(manifest) });
    }
  }
  return found.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
}

/** Import specifiers a user can write for a package: its `exports` keys, minus package.json. */
function entryPointsOf(manifest) {
  const exportsField = manifest.exports;
  if (exportsField === undefined || typeof exportsField === 'string' || Array.isArray(exportsField)) {
    return [manifest.name];
  }
  const keys = Object.keys(exportsField);
  // An exports object whose keys are conditions (no leading dot) describes "." only.
  if (!keys.some((key) => key.startsWith('.'))) return [manifest.name];
  return keys
    .filter((key) => key !== './package.json' && !key.includes('*'))
    .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`));
}
