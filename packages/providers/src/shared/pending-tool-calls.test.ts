import { MODEL_SOURCE } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { indexDeclarations } from './declaration-index.js';
import { PendingToolCalls } from './pending-tool-calls.js';

describe('PendingToolCalls', () => {
  it('assembles interleaved deltas per key, in start order', () => {
    const calls = new PendingToolCalls<number>();
    calls.start(3, { callId: 'b', name: 'get_weather', kind: 'function', text: '', source: MODEL_SOURCE });
    calls.start(1, { callId: 'a', name: 'exec', kind: 'freeform', text: '', source: MODEL_SOURCE });
    calls.append(3, '{"city":');
    calls.append(1, 'return ');
    calls.append(3, '"Paris"}');
    calls.append(1, '1;');
    calls.append(7, 'dropped: no call started at 7');
    expect(calls.toRequests(indexDeclarations(codeModeDeclarations))).toEqual([
      { callId: 'b', name: 'get_weather', source: MODEL_SOURCE, args: { city: 'Paris' } },
      { callId: 'a', name: 'exec', source: MODEL_SOURCE, input: 'return 1;' },
    ]);
  });

  it('ignores a second start for the same key', () => {
    const calls = new PendingToolCalls<string>();
    const first = calls.start('x', { callId: 'a', name: 'one', kind: 'function', text: '', source: MODEL_SOURCE });
    const second = calls.start('x', { callId: 'b', name: 'two', kind: 'function', text: '', source: MODEL_SOURCE });
    expect(second).toBe(first);
  });
});
