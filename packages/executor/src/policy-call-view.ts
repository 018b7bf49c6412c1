import type { CallSource, JsonObject, ToolOutput } from '@toolcell/core';
import type { CallView } from './call-record.js';
import type { PolicyCall, PostExecuteCall } from './policy-call.js';

/**
 * What pre-execute listeners and guards see of a call. A class rather than an object
 * literal: `signal` is a getter, so the call's AbortSignal is created only for a hook
 * that reads it (most never do), and the record behind it stays private.
 */
export class PolicyCallView implements PolicyCall {
  readonly callId: string;
  readonly toolName: string;
  readonly jsName: string | undefined;
  readonly args: JsonObject | string;
  readonly source: CallSource;
  readonly scopeId: string;
  readonly nested: boolean;
  readonly hostContext: unknown;
  readonly #record: CallView;

  constructor(record: CallView) {
    this.#record = record;
    this.callId = record.callId;
    this.toolName = record.toolName;
    this.jsName = record.jsName;
    this.args = record.args as JsonObject | string;
    this.source = record.source;
    this.scopeId = record.scope.id;
    this.nested = record.parentCallId !== undefined;
    this.hostContext = record.hostContext;
  }

  /** Aborted when the call is cancelled or times out. */
  get signal(): AbortSignal {
    return this.#record.signal;
  }
}

/** What post-execute listeners see: the call and the output so far. */
export class PostExecuteCallView extends PolicyCallView implements PostExecuteCall {
  readonly output: ToolOutput;

  constructor(record: CallView, output: ToolOutput) {
    super(record);
    this.output = output;
  }
}
