// Reads the TypeScript example a package's README shows and the `// #region README` of the
// examples file that compiles it, so a test can check that the two are the same text.
import { readFileSync } from 'node:fs';

const FENCE = /```(?:typescript|ts)\n([\s\S]*?)```/;
const REGION = /\/\/ #region README\n([\s\S]*?)\/\/ #endregion README/;

/** @param {string} text */
function dedent(text) {
  const lines = text.split('\n');
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)?.[0].length ?? 0);
  const indent = indents.length === 0 ? 0 : Math.min(...indents);
  return lines.map((line) => line.slice(Math.min(indent, /^ */.exec(line)?.[0].length ?? 0))).join('\n');
}

/**
 * @param {{ readme: URL, examples: URL }} files
 * @returns {{ readme: string | undefined, region: string | undefined }}
 */
export function readReadmeExample(files) {
  const readme = FENCE.exec(readFileSync(files.readme, 'utf8'))?.[1];
  const region = REGION.exec(readFileSync(files.examples, 'utf8'))?.[1];
  return { readme: readme?.trim(), region: region === undefined ? undefined : dedent(region).trim() };
}
