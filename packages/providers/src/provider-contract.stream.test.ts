// Assembling streamed responses, the same for every adapter: each recorded stream assembles
// to the turn recorded beside it (`<name>.turn.json`), the updates tell the same story as the
// turn, and the facts every provider shares are checked on top.
import type { ToolCallRequest } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { assembleChunks } from '../test/assemble-chunks.js';
import { readChunkFixture, readJsonFixture } from '../test/fixtures.js';
import { providerRows } from '../test/provider-cases.js';
import type { ProviderRow } from '../test/provider-cases.js';
import { EXEC_CODE, codeModeDeclarations } from '../test/sample-tools.js';
import { invalidArgumentsOutcome } from './shared/invalid-arguments-outcome.js';
import type { ParsedTurn } from './shared/provider-adapter.js';

function assembleRecorded({ adapter, fixture }: ProviderRow, name: string) {
  const assembled = assembleChunks(adapter.createStreamAssembler(codeModeDeclarations), readChunkFixture(fixture(`${name}.chunks.txt`)));
  return { ...assembled, expected: readJsonFixture<ParsedTurn>(fixture(`${name}.turn.json`)) };
}

const argumentsOf = (call: ToolCallRequest) => [call.name, call.args ?? call.input ?? call.argumentsError];

describe.each(providerRows())('%s stream assembler', (_provider, providerCase) => {
  it('assembles the text and three parallel calls of the recorded stream', () => {
    const { turn, expected } = assembleRecorded(providerCase, 'stream-calls');
    expect(turn).toEqual(expected);
    expect(turn.text).toMatch(/^Checking both cities/);
    expect(turn.toolCalls.map(argumentsOf)).toEqual([
      ['get_weather', { city: 'Paris', unit: 'celsius' }],
      ['get_weather', { city: 'Tokyo', unit: 'celsius' }],
      ['exec', EXEC_CODE],
    ]);
  });

  it('reports each call start and every piece of text as it arrives', () => {
    const { turn, updates } = assembleRecorded(providerCase, 'stream-calls');
    expect(updates.filter((update) => update.type === 'tool-call-start')).toEqual(
      turn.toolCalls.map(({ callId, name }) => ({ type: 'tool-call-start', callId, name })),
    );
    expect(updates.map((update) => (update.type === 'text-delta' ? update.text : '')).join('')).toBe(turn.text);
  });
});

describe.each(providerRows((providerCase) => providerCase.recordings.streamCutOff))('%s stream assembler, cut off', (_provider, providerCase) => {
  it('turns arguments cut off by the token limit into INVALID_ARGS for that call only', () => {
    const { turn, expected } = assembleRecorded(providerCase, 'stream-malformed');
    expect(turn).toEqual(expected);
    expect(turn.text).toBe('');
    expect(turn.toolCalls.map((call) => invalidArgumentsOutcome(call)?.code)).toEqual([undefined, 'INVALID_ARGS']);
    expect(turn.toolCalls.map(argumentsOf)).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_weather', expect.stringMatching(/^The arguments are not valid JSON: \{"city": "To/)],
    ]);
  });
});
