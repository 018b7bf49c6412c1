import type { ModelCallSource, ProviderCodeCallSource } from '@toolcell/core';
import type { Scope } from '@toolcell/registry';
import type { FinalApprovalDecision } from './approval-handler.js';

/**
 * Marks a call as **nested**: issued by a program running inside `exec`. Only the `exec`
 * binding (in `@toolcell/codemode`) sets it; a model can never produce one, so it is what
 * lets a call reach the tools a scope declares only through `exec`.
 */
export interface ParentToken {
  /** The `exec` call that started the program. */
  readonly callId: string;
  /** The cell the program runs in. */
  readonly cellId: string;
}

/** One tool call to run through the pipeline. */
export interface DispatchRequest {
  /** The name as the model or program asked for it (resolved by the registry). */
  readonly name: string;
  /**
   * Function tools: a JSON object. Freeform tools: one string. Anything that is not
   * plain JSON ends as `INVALID_ARGS`.
   */
  readonly args: unknown;
  /** Unique among running calls; nested ids are `<execCallId>:code:<n>` (see {@link nestedCallId}). */
  readonly callId: string;
  /** The scope the call runs in; its effective mode decides what may run. */
  readonly scope: Scope;
  /** Set only for calls issued by a program inside `exec`. */
  readonly parent?: ParentToken;
  /**
   * Whatever the host passes with the call: an agent framework's run context, the
   * conversation, the user. Opaque to toolcell; the tool reads it as `context.hostContext`,
   * hooks, guards and the approval handler as `call.hostContext`. Code Mode passes an `exec`
   * call's on to every nested call its program makes.
   */
  readonly hostContext?: unknown;
  /** Cancels this call (before or while it runs). */
  readonly signal?: AbortSignal;
  /**
   * Who initiated a top-level call (default: the model). Nested calls always have the
   * `code_mode` source derived from `parent`; a source never makes a call nested.
   */
  readonly source?: ModelCallSource | ProviderCodeCallSource;
  /**
   * The decision on this call's deferred approval, recorded earlier — possibly in another
   * process, for a call that was parked there. The handler is not asked and the pre-execute
   * hooks do not run (`args` are the arguments that were approved, after any rewrite); guards,
   * the check that the tool is still callable, `execute`, the post-execute hooks and the
   * output budget do. `deny` ends the call `DENIED` with the reason. Only the host sets it,
   * from a decision it recorded: it skips the approval handler.
   */
  readonly decision?: FinalApprovalDecision;
  /**
   * Told, synchronously, when the approval handler defers this call: the call is parked
   * (see `ApprovalDecision`) and its promise settles only after `ToolRuntime.decide` (or a
   * cancellation). Code Mode uses it to suspend a program whose calls are all parked.
   */
  readonly onDeferred?: (call: DeferredCall) => void;
}

/** A call whose approval was deferred, as `DispatchRequest.onDeferred` is told about it. */
export interface DeferredCall {
  readonly callId: string;
  /** The canonical tool name. */
  readonly toolName: string;
  /** The arguments the approval is about (after any pre-execute rewrite): what runs if approved. */
  readonly args: unknown;
}
