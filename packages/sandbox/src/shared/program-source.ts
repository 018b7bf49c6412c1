import type { ProgramLocation } from '../contract/program-result.js';

// A program is the body of an async function. The wrapper opens on the program's first line,
// so every line keeps its number; only the first line's columns move, by the prefix's length,
// and positions are reported with that taken back.

const PREFIX = '(async function () {';

/** The program as the guest compiles it: the body of an async function named in no frame. */
export function wrapProgram(source: string): string {
  return `${PREFIX}${source}\n})`;
}

const POSITION = /program\.js:(\d+):(\d+)/g;

function corrected(line: number, column: number): ProgramLocation {
  return { line, column: line === 1 ? Math.max(1, column - PREFIX.length) : column };
}

/** `text` (a stack or a message) with every `program.js:<line>:<column>` counted in the program's own source. */
export function correctProgramPositions(text: string): string {
  return text.replace(POSITION, (_match, line: string, column: string) => {
    const location = corrected(Number(line), Number(column));
    return `program.js:${location.line}:${location.column}`;
  });
}

/** The first position in the program that `stack` names (already corrected), if any. */
export function firstProgramLocation(stack: string | undefined): ProgramLocation | undefined {
  const match = /program\.js:(\d+):(\d+)/.exec(stack ?? '');
  return match === null ? undefined : { line: Number(match[1]), column: Number(match[2]) };
}
