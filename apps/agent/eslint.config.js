import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { toolcellLint } from '@toolcell/eslint-config';

// The shared config's "undeclared subpath" pattern slices its prefix after escaping, so it
// flags declared subpaths too (`@toolcell/providers/openai-chat`). Until it is fixed in
// tooling/eslint-config, replace that one pattern with a correct one; the other import
// rules (no `/src` imports, the layer table) stay as shared.
const packagesDirectory = join(import.meta.dirname, '../../packages');
const declared = readdirSync(packagesDirectory).flatMap((entry) => {
  const manifest = JSON.parse(readFileSync(join(packagesDirectory, entry, 'package.json'), 'utf8'));
  return Object.keys(manifest.exports ?? {})
    .filter((key) => key.startsWith('./') && key !== './package.json')
    .map((key) => `${manifest.name.slice('@toolcell/'.length)}/${key.slice(2)}`);
});
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const subpathPattern = {
  regex: `^@toolcell/(?!(?:${declared.map(escape).join('|') || '$^'})$)[^/]+/.+$`,
  message: 'This subpath is not declared in the package exports map.',
};

function fixSubpathRule(config) {
  const rule = config.rules?.['no-restricted-imports'];
  if (!Array.isArray(rule)) return config;
  const [level, options] = rule;
  const patterns = options.patterns.map((pattern) => (pattern.message === subpathPattern.message ? subpathPattern : pattern));
  return { ...config, rules: { ...config.rules, 'no-restricted-imports': [level, { ...options, patterns }] } };
}

export default [
  // The sample project is data the demo copies, not code of this package.
  { ignores: ['sample-project/**'] },
  ...toolcellLint({ packageDir: import.meta.dirname }).map(fixSubpathRule),
];
