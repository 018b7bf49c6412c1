import type { ParsedTurn, StreamAssembler, StreamUpdate } from './provider-adapter.js';

/**
 * Feed a whole stream (the SDK's async iterable of chunks or events) to an assembler and
 * return the assembled turn. `onUpdate` sees text deltas and call starts as they arrive.
 *
 * @example
 * ```ts
 * const stream = await client.chat.completions.create({ model, messages, tools, stream: true });
 * const turn = await assembleStream(openaiChatAdapter.createStreamAssembler(declarations), stream, {
 *   onUpdate: (update) => update.type === 'text-delta' && process.stdout.write(update.text),
 * });
 * ```
 */
export async function assembleStream<Chunk>(
  assembler: StreamAssembler<Chunk>,
  stream: AsyncIterable<Chunk>,
  options: { readonly onUpdate?: (update: StreamUpdate) => void } = {},
): Promise<ParsedTurn> {
  for await (const chunk of stream) {
    const updates = assembler.push(chunk);
    if (options.onUpdate) for (const update of updates) options.onUpdate(update);
  }
  return assembler.finish();
}
