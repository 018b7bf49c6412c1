// What an entry point reaches: for the tests that prove an entry stays runtime-neutral
// (no Node built-in behind it), on sources or on built bundles.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// A static import or re-export at the start of a line (its clause may span lines), or a
// side-effect import; group 1 marks a type-only one, group 2 is the specifier.
const STATIC = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * @param {string | URL} entry
 * @returns {Set<string>}
 */
export function reachedBareImports(entry) {
  const seen = new Set();
  const bare = new Set();
  /** @param {string} file */
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(STATIC)].filter((match) => match[1] === undefined).map((match) => match[2]);
    specifiers.push(...[...source.matchAll(DYNAMIC)].map((match) => match[1]));
    for (const specifier of specifiers) {
      if (specifier === undefined) continue;
      if (!specifier.startsWith('.')) {
        bare.add(specifier);
        continue;
      }
      const target = resolve(dirname(file), specifier);
      const typescript = target.replace(/\.js$/, '.ts');
      visit(target.endsWith('.js') && existsSync(typescript) ? typescript : target);
    }
  };
  visit(entry instanceof URL ? fileURLToPath(entry) : entry);
  return bare;
}
