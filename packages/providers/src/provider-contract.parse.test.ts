// Reading complete responses, the same for every adapter: each recording reads as the turn
// recorded beside it (`<name>.turn.json`), and the facts every provider shares are checked
// on top, so a wrong recording cannot pass.
import type { ToolCallRequest } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../test/fixtures.js';
import { providerRows } from '../test/provider-cases.js';
import type { ProviderRow } from '../test/provider-cases.js';
import { EXEC_CODE, codeModeDeclarations } from '../test/sample-tools.js';
import { invalidArgumentsOutcome } from './shared/invalid-arguments-outcome.js';
import type { ParsedTurn } from './shared/provider-adapter.js';

/** The recorded response `<name>.json` as parsed, with the turn recorded for it. */
function readRecorded({ adapter, fixture }: ProviderRow, name: string): { turn: ParsedTurn; expected: ParsedTurn } {
  const turn = adapter.parseResponse(readJsonFixture(fixture(`${name}.json`)), codeModeDeclarations);
  return { turn, expected: readJsonFixture<ParsedTurn>(fixture(`${name}.turn.json`)) };
}

const argumentsOf = (call: ToolCallRequest) => [call.name, call.args ?? call.input];

describe.each(providerRows())('%s parseResponse', (_provider, providerCase) => {
  it('reads a plain text answer', () => {
    const { turn, expected } = readRecorded(providerCase, 'text');
    expect(turn).toEqual(expected);
    expect(turn).toMatchObject({ text: 'The capital of France is Paris.', toolCalls: [] });
  });

  it('reads one direct call', () => {
    const { turn, expected } = readRecorded(providerCase, 'one-call');
    expect(turn).toEqual(expected);
    expect(turn.toolCalls).toMatchObject([{ name: 'get_weather', source: { type: 'model' }, args: { city: 'Paris', unit: 'celsius' } }]);
  });

  it('reads parallel calls in order and maps exec { code } back to input', () => {
    const { turn, expected } = readRecorded(providerCase, 'parallel-calls');
    expect(turn).toEqual(expected);
    expect(turn.toolCalls.map(argumentsOf)).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'Tokyo' }],
      ['exec', EXEC_CODE],
    ]);
  });

  it('ends a call whose arguments cannot be read as INVALID_ARGS, the other calls unharmed', () => {
    const { turn, expected } = readRecorded(providerCase, providerCase.recordings.unreadable);
    expect(turn).toEqual(expected);
    const codes = turn.toolCalls.map((call) => invalidArgumentsOutcome(call)?.code);
    expect(codes).toEqual(expected.toolCalls.map((call) => (call.argumentsError === undefined ? undefined : 'INVALID_ARGS')));
    expect(codes).toEqual(expect.arrayContaining(['INVALID_ARGS', undefined]));
    expect(turn.toolCalls.filter((call) => call.argumentsError === undefined).map(argumentsOf)).toEqual([['get_weather', { city: 'Tokyo' }]]);
  });

  it('reads a response without output as an empty turn', () => {
    expect(providerCase.adapter.parseResponse(providerCase.emptyResponse, codeModeDeclarations)).toEqual({ text: '', toolCalls: [] });
  });
});

describe.each(providerRows((providerCase) => providerCase.recordings.programmatic))('%s parseResponse of provider code', (provider, providerCase) => {
  it('gives calls from provider-hosted code a provider_code source and keeps their caller as echo data', () => {
    const { turn, expected } = readRecorded(providerCase, 'programmatic-calls');
    expect(turn).toEqual(expected);
    const [west, east, direct] = turn.toolCalls;
    expect(west?.source).toEqual({ type: 'provider_code', provider, callerId: expect.any(String) });
    expect(east?.source).toEqual(west?.source);
    expect(west?.echo?.['caller']).toBeDefined();
    expect(direct).toMatchObject({ name: 'search_docs', source: { type: 'model' }, args: { query: 'regions' } });
    expect(direct?.echo).toBeUndefined();
  });
});
