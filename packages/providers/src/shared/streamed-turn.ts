import type { ToolCallRequest, ToolDeclaration } from '@toolcell/core';
import { indexDeclarations } from './declaration-index.js';
import type { DeclarationIndex } from './declaration-index.js';
import { PendingToolCalls } from './pending-tool-calls.js';
import type { PendingToolCall } from './pending-tool-calls.js';
import type { ParsedTurn, StreamAssembler, StreamUpdate } from './provider-adapter.js';

/**
 * What a stream assembler collects while chunks arrive: the text, the calls whose arguments
 * are still arriving (keyed the way the provider addresses their deltas), the stop reason,
 * and the updates the current chunk revealed. Every assembler keeps this state alike; only
 * how a provider's chunk maps onto it differs.
 */
export class StreamedTurn<Key> {
  /** The declarations sent with the request, by name. */
  readonly declarations: DeclarationIndex;
  /** The calls started so far, by key. */
  readonly calls = new PendingToolCalls<Key>();
  private text = '';
  private stopReason: string | undefined;
  private updates: StreamUpdate[] = [];

  constructor(declarations: readonly ToolDeclaration[]) {
    this.declarations = indexDeclarations(declarations);
  }

  /** Append a piece of the assistant's text (an empty piece is not reported). */
  addText(text: string): void {
    if (text === '') return;
    this.text += text;
    this.updates.push({ type: 'text-delta', text });
  }

  /** Start the call at `key` and report it; a second start for the same key is ignored. */
  startCall(key: Key, call: PendingToolCall): PendingToolCall {
    const existing = this.calls.get(key);
    if (existing) return existing;
    this.reportCallStart(this.calls.start(key, call));
    return call;
  }

  /** Report a call that did not go through `startCall` (one that arrived whole). */
  reportCallStart(call: Pick<ToolCallRequest, 'callId' | 'name'>): void {
    this.updates.push({ type: 'tool-call-start', callId: call.callId, name: call.name });
  }

  /** The provider's stop reason, verbatim (`undefined` when the provider gave none). */
  stop(reason: string | undefined): void {
    this.stopReason = reason;
  }

  /** The updates since the last call, for `push` to return. */
  takeUpdates(): StreamUpdate[] {
    const updates = this.updates;
    this.updates = [];
    return updates;
  }

  /** The turn as assembled so far: the started calls, or `toolCalls` for an assembler that collects whole calls. */
  finish(toolCalls: readonly ToolCallRequest[] = this.calls.toRequests(this.declarations)): ParsedTurn {
    const turn = { text: this.text, toolCalls: [...toolCalls] };
    return this.stopReason === undefined ? turn : { ...turn, stopReason: this.stopReason };
  }
}

/** An assembler that hands each chunk to `read`, which records what it holds in the turn. */
export function streamAssembler<Chunk, Key>(
  declarations: readonly ToolDeclaration[],
  read: (chunk: Chunk, turn: StreamedTurn<Key>) => void,
): StreamAssembler<Chunk> {
  const turn = new StreamedTurn<Key>(declarations);
  return {
    push(chunk) {
      read(chunk, turn);
      return turn.takeUpdates();
    },
    finish: () => turn.finish(),
  };
}
