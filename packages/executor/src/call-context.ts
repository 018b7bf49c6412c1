import type { CallSource, ToolContext } from '@toolcell/core';
import type { CallView } from './call-record.js';

/** What a running tool sees of its call; the record behind it stays private. */
export class CallContext implements ToolContext {
  readonly callId: string;
  readonly toolName: string;
  readonly source: CallSource;
  readonly scopeId: string;
  readonly hostContext: unknown;
  readonly #record: CallView;

  constructor(record: CallView) {
    this.#record = record;
    this.callId = record.callId;
    this.toolName = record.toolName;
    this.source = record.source;
    this.scopeId = record.scope.id;
    this.hostContext = record.hostContext;
  }

  /** Aborted on cancellation (of this call or its parent) and on timeout. */
  get signal(): AbortSignal {
    return this.#record.signal;
  }
}
