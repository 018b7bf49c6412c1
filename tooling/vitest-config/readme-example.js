// Reads the TypeScript examples a package's README shows and the `// #region README…` regions
// of the examples file that compiles them, so a test can check that each pair is the same text.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** @param {string} text */
function dedent(text) {
  const lines = text.split('\n');
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)?.[0].length ?? 0);
  const indent = indents.length === 0 ? 0 : Math.min(...indents);
  return lines.map((line) => line.slice(Math.min(indent, /^ */.exec(line)?.[0].length ?? 0))).join('\n');
}

const REGIONS = /\/\/ #region (README[\w-]*)\n([\s\S]*?)^\s*\/\/ #endregion \1$/gm;
const BLOCK = /```(?:typescript|ts)\n([\s\S]*?)```/;

/**
 * Every `// #region README…` of `examples`, dedented and trimmed, beside the README's TypeScript
 * block that shows it (trimmed; `undefined` where there is none): region `README` is the README's
 * first block, any other the first block after its heading line in `sections`.
 *
 * @param {{ readme: URL, examples: URL, sections?: Record<string, string> }} files
 * @returns {Array<{ region: string, shown: string | undefined, compiled: string }>}
 */
export function readReadmeExamples(files) {
  const readme = readFileSync(files.readme, 'utf8');
  const examples = readFileSync(files.examples, 'utf8');
  return [...examples.matchAll(REGIONS)].map(([, region = '', body = '']) => {
    const heading = region === 'README' ? undefined : files.sections?.[region];
    const lines = readme.split('\n');
    const at = heading === undefined ? (region === 'README' ? 0 : -1) : lines.indexOf(heading);
    const shown = at === -1 ? undefined : BLOCK.exec(lines.slice(at).join('\n'))?.[1]?.trim();
    return { region, shown, compiled: dedent(body).trim() };
  });
}

/**
 * Fails the running test unless the README shows every example the examples file compiles,
 * as {@link readReadmeExamples} pairs them: region `README` first, then one region for each
 * heading in `sections`, each the same text as its README block.
 *
 * @param {{ readme: URL, examples: URL, sections?: Record<string, string> }} files
 */
export function expectReadmeShowsExamples(files) {
  const examples = readReadmeExamples(files);
  expect(examples.map((example) => example.region)).toEqual(['README', ...Object.keys(files.sections ?? {})]);
  for (const { region, shown, compiled } of examples) expect(shown, `the README's block for // #region ${region}`).toBe(compiled);
}
