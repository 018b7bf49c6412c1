import { MODEL_SOURCE } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { codeModeDeclarations, weatherRequest } from '../../test/sample-tools.js';
import { StreamedTurn, streamAssembler } from './streamed-turn.js';

const weather = { callId: 'call_1', name: 'get_weather', kind: 'function', text: '', source: MODEL_SOURCE } as const;

describe('StreamedTurn', () => {
  it('reports text and call starts once each, and hands each batch of updates out once', () => {
    const turn = new StreamedTurn<number>(codeModeDeclarations);
    turn.addText('Hello');
    turn.addText('');
    turn.startCall(0, { ...weather });
    turn.startCall(0, { ...weather, callId: 'call_again' });
    expect(turn.takeUpdates()).toEqual([
      { type: 'text-delta', text: 'Hello' },
      { type: 'tool-call-start', callId: 'call_1', name: 'get_weather' },
    ]);
    expect(turn.takeUpdates()).toEqual([]);
  });

  it('finishes with the started calls, and the stop reason only once one was given', () => {
    const turn = new StreamedTurn<number>(codeModeDeclarations);
    turn.startCall(0, { ...weather });
    turn.calls.append(0, '{"city":"Paris"}');
    expect(turn.finish()).toEqual({ text: '', toolCalls: [weatherRequest('call_1')] });
    turn.stop('tool_calls');
    expect(turn.finish([])).toEqual({ text: '', toolCalls: [], stopReason: 'tool_calls' });
  });
});

describe('streamAssembler', () => {
  it('reads every chunk into one turn and returns what that chunk revealed', () => {
    const assembler = streamAssembler<string, number>(codeModeDeclarations, (chunk, turn) => turn.addText(chunk));
    expect(assembler.push('a')).toEqual([{ type: 'text-delta', text: 'a' }]);
    expect(assembler.push('b')).toEqual([{ type: 'text-delta', text: 'b' }]);
    expect(assembler.finish()).toEqual({ text: 'ab', toolCalls: [] });
  });
});
