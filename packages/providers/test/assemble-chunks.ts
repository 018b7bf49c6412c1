// Feeding recorded chunks to a stream assembler synchronously, keeping what each revealed.
import type { ParsedTurn, StreamAssembler, StreamUpdate } from '../src/shared/provider-adapter.js';

/** The assembled turn and every update the chunks revealed, in order. */
export function assembleChunks<Chunk>(assembler: StreamAssembler<Chunk>, chunks: readonly Chunk[]): { turn: ParsedTurn; updates: StreamUpdate[] } {
  const updates = chunks.flatMap((chunk) => assembler.push(chunk));
  return { turn: assembler.finish(), updates };
}
