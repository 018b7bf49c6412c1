import type { JsonObject, ToolCallRequest } from '@toolcell/core';
import type { DeclarationIndex } from './declaration-index.js';
import { safeParseArguments } from './safe-parse-arguments.js';
import { freeformCallRequest, functionCallRequest } from './tool-call-request.js';

/** A tool call whose arguments (or freeform input) are still arriving. */
export interface PendingToolCall {
  callId: string;
  name: string;
  /** `function` calls carry JSON argument text; `freeform` calls carry raw input. */
  readonly kind: 'function' | 'freeform';
  /** Argument JSON or freeform input received so far. */
  text: string;
  readonly source: ToolCallRequest['source'];
  readonly echo?: JsonObject;
}

/**
 * The calls of one streamed response, keyed by whatever the provider uses to address a
 * call's deltas (a tool-call index, an output index, a content-block index), kept in the
 * order they started.
 */
export class PendingToolCalls<Key> {
  private readonly calls = new Map<Key, PendingToolCall>();

  /** Start a call; a second start for the same key is ignored and returns the first. */
  start(key: Key, call: PendingToolCall): PendingToolCall {
    const existing = this.calls.get(key);
    if (existing) return existing;
    this.calls.set(key, call);
    return call;
  }

  /** The call at `key`, if one started. */
  get(key: Key): PendingToolCall | undefined {
    return this.calls.get(key);
  }

  /** Append a delta to the call at `key`; deltas for a call that never started are dropped. */
  append(key: Key, delta: string): void {
    const call = this.calls.get(key);
    if (call) call.text += delta;
  }

  /** The finished requests, in start order; malformed arguments become `argumentsError`. */
  toRequests(declarations: DeclarationIndex): ToolCallRequest[] {
    return [...this.calls.values()].map((call) => {
      const { callId, name, source, echo } = call;
      const identity = echo === undefined ? { callId, name, source } : { callId, name, source, echo };
      return call.kind === 'freeform'
        ? freeformCallRequest({ ...identity, input: call.text })
        : functionCallRequest({ ...identity, arguments: safeParseArguments(call.text) }, declarations);
    });
  }
}
