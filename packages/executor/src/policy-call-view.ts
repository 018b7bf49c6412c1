import type { JsonObject, ToolOutput } from '@toolcell/core';
import { CallContext } from './call-context.js';
import type { CallView } from './call-record.js';
import type { PolicyCall, PostExecuteCall } from './policy-call.js';

/**
 * What pre-execute listeners and guards see of a call: what the tool sees (its
 * {@link CallContext}: ids, source, scope, host context, the lazily created `signal`) and
 * the binding name, the validated arguments and whether it is nested. A class rather than
 * an object literal, so the call's AbortSignal is created only for a hook that reads it
 * (most never do), and the record behind it stays private.
 */
export class PolicyCallView extends CallContext implements PolicyCall {
  readonly jsName: string | undefined;
  readonly args: JsonObject | string;
  readonly nested: boolean;

  constructor(record: CallView) {
    super(record);
    this.jsName = record.jsName;
    this.args = record.args as JsonObject | string;
    this.nested = record.parentCallId !== undefined;
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
