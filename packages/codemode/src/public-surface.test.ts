// The runtime exports of @toolcell/codemode, pinned: adding or removing one is an API
// decision, never a refactor's side effect.
import { describe, expect, it } from 'vitest';
import * as codemode from './index.js';

describe('public value exports', () => {
  it('are CodeMode, the two readers of what exec returns, and durable cells with their error; pragma parsing and truncation stay internal', () => {
    expect(Object.keys(codemode).sort()).toEqual(['CodeMode', 'DurableCellError', 'DurableCells', 'DurableExec', 'askPerson', 'execResultOf', 'renderExecReport']);
  });
});
