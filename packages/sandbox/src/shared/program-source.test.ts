import { ToolcellError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { correctProgramPositions, firstProgramLocation, wrapProgram } from './program-source.js';
import { childFrameCaps, parseChildMessage } from './protocol-messages.js';

describe('program positions', () => {
  it('wraps the program as an async function body that opens on its first line', () => {
    expect(wrapProgram('return 1')).toBe('(async function () {return 1\n})');
  });

  it('takes the wrapper back from first-line columns only, never below column 1', () => {
    const stack = '    at f (program.js:1:36)\n    at g (program.js:2:36)\n    at program.js:1:3';
    expect(correctProgramPositions(stack)).toBe('    at f (program.js:1:16)\n    at g (program.js:2:36)\n    at program.js:1:1');
    expect(firstProgramLocation(correctProgramPositions(stack))).toEqual({ line: 1, column: 16 });
    expect(firstProgramLocation('    at <native>')).toBeUndefined();
  });
});

describe('an error location in a result frame', () => {
  const caps = childFrameCaps(resolveSandboxLimits({}));
  const run = { bindings: new Map(), seenCallIds: new Set<number>(), cells: false };
  const frame = (location: unknown) =>
    JSON.stringify({ type: 'result', status: 'failed', error: { code: 'EXEC_SYNTAX', message: 'x', location }, cpuMs: 0, toolCalls: 0, reusable: true });
  const parse = (json: string) => parseChildMessage(json, Buffer.byteLength(json), caps, run);

  it('crosses as a line and a column', () => {
    expect(parse(frame({ line: 2, column: 11 }))).toMatchObject({ error: { code: 'EXEC_SYNTAX', message: 'x', location: { line: 2, column: 11 } } });
  });

  it.each([[{ line: 0, column: 1 }], [{ line: 1 }], ['2:11'], [{ line: 1.5, column: 1 }]])('is refused as %j', (location) => {
    let thrown: unknown;
    try {
      parse(frame(location));
    } catch (error) {
      thrown = error;
    }
    expect(ToolcellError.isInstance(thrown) && thrown.code).toBe('PROTOCOL_ERROR');
    expect((thrown as Error).message).toBe('sandbox protocol error: an error location is not a line and column');
  });
});
