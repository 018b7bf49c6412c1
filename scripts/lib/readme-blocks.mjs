// The code blocks of a README, read the way the README check runs them: every `ts` block is
// a TypeScript program (ESM), every `js` block a CommonJS program, and a `text` block right
// after a paragraph starting "It prints" is what the program before it prints.

/**
 * @typedef {object} ReadmeExample
 * @property {'ts' | 'js'} language
 * @property {string} code
 * @property {number} line           1-based line of the opening fence
 * @property {string | undefined} prints  the expected output, `…` matching anything in a line
 */

/** @returns {ReadmeExample[]} */
export function readmeExamples(markdown) {
  const lines = markdown.split('\n');
  const examples = [];
  let last;
  let proseSinceLast = [];
  for (let index = 0; index < lines.length; index += 1) {
    const fence = /^```(\S*)\s*$/.exec(lines[index]);
    if (fence === null) {
      if (/^#/.test(lines[index])) last = undefined;
      else if (lines[index].trim() !== '') proseSinceLast.push(lines[index]);
      continue;
    }
    const info = fence[1];
    const start = index;
    const body = [];
    for (index += 1; index < lines.length && !/^```\s*$/.test(lines[index]); index += 1) body.push(lines[index]);
    const code = `${body.join('\n')}\n`;
    if (info === 'ts' || info === 'js') {
      last = { language: info, code, line: start + 1, prints: undefined };
      examples.push(last);
    } else if (info === 'text' && last !== undefined && last.prints === undefined && /^It prints/.test(proseSinceLast[0] ?? '')) {
      last.prints = code;
    } else {
      last = undefined;
    }
    proseSinceLast = [];
  }
  return examples;
}

/** Whether `actual` output matches `expected`, line by line; `…` in an expected line matches any text. */
export function outputMatches(expected, actual) {
  const expectedLines = expected.trimEnd().split('\n');
  const actualLines = actual.trimEnd().split('\n');
  if (expectedLines.length !== actualLines.length) return false;
  return expectedLines.every((line, index) => {
    const pattern = line.split('…').map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    return new RegExp(`^${pattern}$`).test(actualLines[index]);
  });
}
