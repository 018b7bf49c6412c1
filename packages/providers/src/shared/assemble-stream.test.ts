import { describe, expect, it } from 'vitest';
import { assembleStream } from './assemble-stream.js';
import type { StreamAssembler, StreamUpdate } from './provider-adapter.js';

async function* chunks(...values: string[]): AsyncIterable<string> {
  for (const value of values) yield value;
}

function textAssembler(): StreamAssembler<string> {
  let text = '';
  return {
    push: (chunk) => {
      text += chunk;
      return [{ type: 'text-delta', text: chunk }];
    },
    finish: () => ({ text, toolCalls: [] }),
  };
}

describe('assembleStream', () => {
  it('feeds every chunk in order and reports each update', async () => {
    const updates: StreamUpdate[] = [];
    const turn = await assembleStream(textAssembler(), chunks('Hel', 'lo'), { onUpdate: (update) => updates.push(update) });
    expect(turn).toEqual({ text: 'Hello', toolCalls: [] });
    expect(updates).toEqual([
      { type: 'text-delta', text: 'Hel' },
      { type: 'text-delta', text: 'lo' },
    ]);
  });

  it('works without an update listener', async () => {
    await expect(assembleStream(textAssembler(), chunks('a'))).resolves.toEqual({ text: 'a', toolCalls: [] });
  });
});
