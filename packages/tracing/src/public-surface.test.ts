// The runtime exports of @toolcell/tracing, pinned: adding or removing one is an API
// decision, never a refactor's side effect.
import { describe, expect, it } from 'vitest';
import * as tracing from './index.js';

describe('public value exports', () => {
  it('are instrumentToolcell and the names it writes', () => {
    expect(Object.keys(tracing).sort()).toEqual([
      'ERROR_TYPE', 'EXECUTE_TOOL', 'GEN_AI', 'METRICS', 'SPAN_EVENTS', 'TOOLCELL',
      'TRACING_SCOPE', 'instrumentToolcell',
    ]);
  });
});
