// What only Anthropic's stream has; what every assembler does alike is in provider-contract.stream.test.ts.
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { assembleChunks } from '../../test/assemble-chunks.js';
import { readChunkFixture } from '../../test/fixtures.js';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { createAnthropicStreamAssembler } from './anthropic-stream-assembler.js';

// The recordings keep the `ping` events the API sends; the SDK drops them, and so does the assembler.
const recorded = readChunkFixture<RawMessageStreamEvent>(new URL('./__fixtures__/stream-calls.chunks.txt', import.meta.url));
const assemble = (events: readonly RawMessageStreamEvent[]) => assembleChunks(createAnthropicStreamAssembler(codeModeDeclarations), events).turn;

describe('createAnthropicStreamAssembler', () => {
  it('gives the same calls when the blocks deltas interleave', () => {
    const starts = recorded.filter((event) => event.type === 'content_block_start');
    const deltas = recorded.filter((event) => event.type === 'content_block_delta');
    const byBlock = [0, 1, 2, 3].map((index) => deltas.filter((event) => event.index === index));
    const interleaved: RawMessageStreamEvent[] = [...starts];
    for (let step = 0; byBlock.some((list) => step < list.length); step += 1) {
      for (const list of byBlock) {
        const event = list[step];
        if (event) interleaved.push(event);
      }
    }
    const expected = assemble(recorded);
    expect(assemble(interleaved)).toEqual({ text: expected.text, toolCalls: expected.toolCalls });
  });
});
