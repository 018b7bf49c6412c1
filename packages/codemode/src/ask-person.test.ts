import { describe, expect, it } from 'vitest';
import { askPerson } from './ask-person.js';

const asked: string[] = [];
const ask = (answer: boolean | string) => (request: string) => (asked.push(request), answer);

describe('askPerson', () => {
  it('parks a durable program’s call without asking anyone', async () => {
    asked.length = 0;
    expect(await askPerson({ durable: true, ask: ask(true), request: () => 'r', cannotAsk: 'no' })).toEqual({ type: 'defer' });
    expect(asked).toEqual([]);
  });

  it('refuses with the reason given when the app has no way to ask', async () => {
    expect(await askPerson({ durable: false, ask: undefined, request: () => 'r', cannotAsk: 'nobody to ask' })).toEqual({ type: 'deny', reason: 'nobody to ask' });
  });

  it('asks, and maps the answer: true approves, a reason or false denies', async () => {
    asked.length = 0;
    expect(await askPerson({ durable: false, ask: ask(true), request: () => 'write a.txt', cannotAsk: '' })).toEqual({ type: 'approve' });
    expect(await askPerson({ durable: false, ask: ask('not today'), request: () => 'write b.txt', cannotAsk: '' })).toEqual({ type: 'deny', reason: 'not today' });
    expect(await askPerson({ durable: false, ask: ask(false), request: () => 'write c.txt', cannotAsk: '' })).toEqual({ type: 'deny', reason: 'the person did not approve this call' });
    expect(asked).toEqual(['write a.txt', 'write b.txt', 'write c.txt']);
  });
});
