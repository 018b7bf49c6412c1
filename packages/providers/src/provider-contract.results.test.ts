// Sending results back, the same for every adapter: a text-and-image result and an error
// result as the recorded requests (`*.request.json`), and nothing for no results.
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../test/fixtures.js';
import { providerRows } from '../test/provider-cases.js';
import { failedOutcome, imageOutcome } from '../test/sample-tools.js';
import type { ParsedTurn } from './shared/provider-adapter.js';

describe.each(providerRows())('%s toToolResultMessages', (_provider, { adapter, fixture, historyField }) => {
  const recorded = (name: string) => readJsonFixture<Record<string, unknown>>(fixture(name))[historyField];
  // The recorded requests answer the call of `one-call.json`.
  const [request] = readJsonFixture<ParsedTurn>(fixture('one-call.turn.json')).toolCalls;
  if (!request) throw new Error('one-call.turn.json holds a call');
  const resultCallId = request.callId;

  it('sends text and images as the recorded request does', () => {
    expect(adapter.toToolResultMessages([{ request, outcome: imageOutcome(resultCallId) }])).toEqual(recorded('image-result.request.json'));
  });

  it('sends an error outcome as the recorded request does', () => {
    expect(adapter.toToolResultMessages([{ request, outcome: failedOutcome(resultCallId) }])).toEqual(recorded('error-result.request.json'));
  });

  it('sends nothing for no results', () => {
    expect(adapter.toToolResultMessages([])).toEqual([]);
  });
});
