import type { CallSource, JsonObject, ToolOutput } from '@toolcell/core';

/**
 * A call as pre-execute listeners, guards and post-execute listeners see it: it has
 * resolved to a tool that may run here and its arguments passed validation.
 */
export interface PolicyCall {
  /** The call id (`<execCallId>:code:<n>` for nested calls). */
  readonly callId: string;
  /** The canonical tool name. */
  readonly toolName: string;
  /** The name a program calls it by, when it is a binding in this scope. */
  readonly jsName: string | undefined;
  /** Validated arguments: a JSON object, or the raw string of a freeform tool. */
  readonly args: JsonObject | string;
  /** Who initiated the call (`code_mode` carries the cell id and the parent call id). */
  readonly source: CallSource;
  /** The scope the call runs in. */
  readonly scopeId: string;
  /** Whether the call came from a program inside `exec`. */
  readonly nested: boolean;
  /** What the host passed with the call, or with the `exec` call of a nested one (`DispatchRequest.hostContext`). */
  readonly hostContext: unknown;
  /**
   * Aborted when the call is cancelled (by its caller, `runtime.cancel`, or its parent) or
   * times out: stop waiting on whatever the hook or guard awaits. The call has ended by
   * then, whatever the hook returns later.
   */
  readonly signal: AbortSignal;
}

/** What a pre-execute listener may return: nothing (observe), a rewrite, or a denial. */
export type PreExecuteDecision =
  | {
      /** Replace the arguments. */
      readonly type: 'rewrite';
      /** The new arguments; validated again before the call goes on. */
      readonly args: JsonObject | string;
    }
  | {
      /** Refuse the call. */
      readonly type: 'deny';
      /** Why, in words the model can act on. */
      readonly reason: string;
    };

/**
 * Runs before guards and approval, in registration order. Returning a rewrite replaces
 * the arguments (they are validated again); a denial ends the call as `DENIED`. A promise
 * that does not settle within the call's timeout ends it as `TIMEOUT`.
 */
export type PreExecuteListener = (call: PolicyCall) => PreExecuteDecision | void | Promise<PreExecuteDecision | void>;

/** A call that ran and produced an output, as post-execute listeners see it. */
export interface PostExecuteCall extends PolicyCall {
  /** What the tool returned (or the previous listener's replacement). */
  readonly output: ToolOutput;
}

/** What a post-execute listener may return: a replacement output and/or context for the model. */
export interface PostExecuteDecision {
  /** Replaces the output (the budget stage still cuts its wire text). */
  readonly output?: ToolOutput;
  /** Extra text for the model, delivered once on the outcome's `modelContext`. */
  readonly modelContext?: string;
}

/**
 * Runs after a successful execute, in registration order, within the call's timeout (a
 * promise that does not settle in time ends the call as `TIMEOUT`).
 */
export type PostExecuteListener = (call: PostExecuteCall) => PostExecuteDecision | void | Promise<PostExecuteDecision | void>;

/** A guard's verdict: nothing or `allow` lets the call through. */
export type GuardDecision =
  | {
      /** Let the call through. */
      readonly type: 'allow';
    }
  | {
      /** Refuse the call. */
      readonly type: 'deny';
      /** Why, in words the model can act on. */
      readonly reason: string;
    };

/**
 * A permission check; a denial (or a thrown error) ends the call as `DENIED`, a promise
 * that does not settle within the call's timeout ends it as `TIMEOUT`.
 */
export type Guard = (call: PolicyCall) => GuardDecision | void | Promise<GuardDecision | void>;
