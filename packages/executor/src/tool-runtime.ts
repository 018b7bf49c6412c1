import type { CallOutcome } from '@toolcell/core';
import { ConfigurationError, isWholeNumber } from '@toolcell/core';
import type { ToolRegistry } from '@toolcell/registry';
import type { EventEmitter } from 'eventemitter3';
import type { ApprovalHandler, FinalApprovalDecision } from './approval-handler.js';
import { CallEngine } from './call-engine.js';
import type { ListenerErrorReporter } from './call-events.js';
import type { DispatchRequest } from './dispatch-request.js';
import type { Guard, PostExecuteListener, PreExecuteListener } from './policy-call.js';
import type { ToolRuntimeEvents } from './runtime-events.js';

/** Options of {@link ToolRuntime}. */
export interface ToolRuntimeOptions {
  /** The registry every call is resolved against (the single source of truth). */
  readonly registry: ToolRegistry;
  /** Asked before tools with `needsApproval` run; without one, such calls are `DENIED`. */
  readonly approval?: ApprovalHandler;
  /**
   * How long a call waits for the approval handler's decision, in ms (default
   * {@link DEFAULT_APPROVAL_TIMEOUT_MS}, ten minutes). A call still waiting then ends
   * `TIMEOUT` without running, and the request's signal aborts so the prompt can be
   * dismissed. `Infinity` waits for as long as the handler takes: say so only when
   * something else bounds the wait (a person who always answers, a durable approval
   * store). The call's own timeout does not count the approval wait.
   */
  readonly approvalTimeoutMs?: number;
  /** Read-only calls that may run at once in one lane (default 8). */
  readonly maxParallel?: number;
  /**
   * Timeout in ms for tools that set no `timeoutMs` (default {@link DEFAULT_TIMEOUT_MS}, two
   * minutes), so every call ends; `Infinity` turns it off. A tool's own `timeoutMs` (also
   * `Infinity`) wins. The timeout covers the policy stages as well as `execute`: it starts
   * when the first pre-execute hook, guard or `execute` returns a promise and runs on through
   * the post-execute hooks, paused only while the approval handler decides
   * (`approvalTimeoutMs` bounds that). A call that runs past it ends `TIMEOUT` with a message
   * naming the stage, and its signal — the one hooks, guards and the tool see — aborts.
   */
  readonly defaultTimeoutMs?: number;
  /** Wire-text budget for tools that set no `outputBudget` (default: none). */
  readonly defaultOutputBudget?: number;
  /**
   * Told when an event listener (or a tool's `finalize`) throws. The call goes on as if the
   * listener had returned, and nothing is rethrown; the default prints it with
   * `console.error`. Like the MCP SDK's `onerror`.
   */
  readonly onListenerError?: ListenerErrorReporter;
}

const DEFAULT_MAX_PARALLEL = 8;

/** The per-call timeout of tools that set none, when the runtime sets no other: two minutes. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** How long a call waits for an approval decision, when the runtime sets no other: ten minutes. */
export const DEFAULT_APPROVAL_TIMEOUT_MS = 600_000;

/**
 * Runs every tool call — from the model or from a program inside `exec` — through one
 * pipeline: resolve → validate → pre-execute hooks → guards → approval → execute →
 * post-execute hooks → output budget. The scope's mode is enforced at resolve, before
 * anything extensible sees the call.
 *
 * @example
 * {@includeCode ./tool-runtime.examples.ts#ToolRuntime}
 */
export class ToolRuntime {
  private readonly engine: CallEngine;

  constructor(options: ToolRuntimeOptions) {
    this.engine = new CallEngine({
      registry: options.registry,
      approval: options.approval,
      maxParallel: checkCount(options.maxParallel, 'executor.maxParallel', DEFAULT_MAX_PARALLEL),
      defaultTimeoutMs: checkTimeout(options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS, 'executor.defaultTimeoutMs'),
      approvalTimeoutMs: checkTimeout(options.approvalTimeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS, 'executor.approvalTimeoutMs'),
      defaultOutputBudget: checkCount(options.defaultOutputBudget, 'executor.defaultOutputBudget', undefined),
      onListenerError: options.onListenerError,
    });
  }

  /** Typed call events: `call-start`, `call-resolve`, `call-stage` (each policy stage passed), `call-denied`, `call-end`. */
  get events(): EventEmitter<ToolRuntimeEvents> {
    return this.engine.events;
  }

  /**
   * Run one call. Resolves to its outcome; never rejects for a tool's failure, a refusal
   * or a cancellation. One call dispatched alone is a batch of one.
   */
  dispatch(request: DispatchRequest): Promise<CallOutcome> {
    return this.engine.submit(request);
  }

  /**
   * Run calls that arrived together (one model turn, or one turn of a program). In each
   * lane, read-only calls run in parallel up to `maxParallel`; every other call —
   * including any refused call — runs alone; no call overtakes an earlier one. Nested
   * calls run in the lane of their parent, so they never wait behind it.
   *
   * @returns one promise per request, in order; each settles as soon as its call ends.
   */
  dispatchBatch(requests: readonly DispatchRequest[]): Promise<CallOutcome>[] {
    return requests.map((request) => this.engine.submit(request));
  }

  /**
   * Cancel a call (queued or running) and every call nested under it; a call nested
   * under `callId` that arrives later ends as `ABORTED_BEFORE_DISPATCH`. Works after the
   * parent itself has ended, for programs that outlive their `exec` call.
   *
   * @returns whether a call was running or queued under that id.
   */
  cancel(callId: string, reason?: string): boolean {
    return this.engine.cancel(callId, reason);
  }

  /**
   * Decide a call whose approval was deferred (its handler answered `{ type: 'defer' }`):
   * `approve` queues it again in its lane and it goes on with the rest of its pipeline
   * (guards, the check that its tool is still callable, `execute`, post-execute hooks,
   * output budget — never the pre-execute hooks again); `deny` ends it `DENIED` with the
   * reason. The first decision wins.
   *
   * @returns whether a parked call with that id was waiting (`false` for an unknown call, one
   * that is not parked, or one decided already).
   */
  decide(callId: string, decision: FinalApprovalDecision): boolean {
    return this.engine.decide(callId, decision);
  }

  /** Add a pre-execute listener (runs in registration order). Returns its remover. */
  onPreExecute(listener: PreExecuteListener): () => void {
    this.engine.preExecute = [...this.engine.preExecute, listener];
    return () => {
      this.engine.preExecute = this.engine.preExecute.filter((existing) => existing !== listener);
    };
  }

  /** Add a post-execute listener (runs in registration order). Returns its remover. */
  onPostExecute(listener: PostExecuteListener): () => void {
    this.engine.postExecute = [...this.engine.postExecute, listener];
    return () => {
      this.engine.postExecute = this.engine.postExecute.filter((existing) => existing !== listener);
    };
  }

  /** Add a permission guard (runs after pre-execute listeners). Returns its remover. */
  addGuard(guard: Guard): () => void {
    this.engine.guards = [...this.engine.guards, guard];
    return () => {
      this.engine.guards = this.engine.guards.filter((existing) => existing !== guard);
    };
  }
}

function checkCount<Fallback extends number | undefined>(value: number | undefined, setting: string, fallback: Fallback): number | Fallback {
  if (value === undefined) return fallback;
  if (!isWholeNumber(value, 1)) {
    throw new ConfigurationError({ setting, message: `expected a whole number of at least 1, got ${value}.` });
  }
  return value;
}

function checkTimeout(value: number, setting: string): number {
  if (Number.isNaN(value) || value <= 0) {
    throw new ConfigurationError({ setting, message: `expected a number of milliseconds above 0 (or Infinity for none), got ${value}.` });
  }
  return value;
}
