import type { CallOutcome, JsonObject, ToolDefinition, ToolErrorCode, ToolOutput } from '@toolcell/core';
import { EXEC_ERROR_CODES, ToolFailure, ToolcellError, errorMessage, errorOutcome, findJsonSafetyViolation } from '@toolcell/core';
import { DEFERRED, askApproval, notApproved } from './ask-approval.js';
import { CallContext } from './call-context.js';
import type { CallView } from './call-record.js';
import { checkArguments } from './check-arguments.js';
import { isPromiseLike } from './is-promise-like.js';
import { approvalNeeded } from './needs-approval.js';
import { applyOutputBudget } from './output-budget.js';
import type { PipelineCall, PipelineHost, PipelineSettings } from './pipeline-host.js';
import type { GuardDecision, PolicyCall, PostExecuteDecision, PreExecuteDecision } from './policy-call.js';
import { PolicyCallView, PostExecuteCallView } from './policy-call-view.js';
import type { Refusal } from './refusal.js';
import { denied, notSerializable, refusalOutcome } from './refusal.js';
import type { DenialStage } from './runtime-events.js';
import type { Steps } from './run-steps.js';
import { runSteps } from './run-steps.js';

// `INVALID_ARGS` too: a tool's own check of its input (e.g. `exec` refusing an empty program) is not policy.
const KEPT_CODES: ReadonlySet<string> = new Set<string>([...EXEC_ERROR_CODES, 'EXECUTION_FAILED', 'INVALID_ARGS']);

/** How a call left the pipeline; the engine ends it accordingly (`CallEngine.conclude`). */
export type PipelineOutcome =
  /** The tool ran, or failed, or its output was refused: the call ends with `outcome`. */
  | { readonly type: 'outcome'; readonly outcome: CallOutcome }
  /** A stage refused the call before its tool ran; `call-denied` names the stage. */
  | { readonly type: 'refused'; readonly stage: DenialStage; readonly refusal: Refusal }
  /** The call ended while a stage awaited (cancelled or timed out): nothing is left to do. */
  | { readonly type: 'ended' };

const ENDED: PipelineOutcome = { type: 'ended' };

/**
 * Run a resolved call through validate → pre-execute hooks → guards → approval → execute
 * → post-execute hooks → output budget, and say how it ended; the engine ends the call.
 * Synchronous when every stage answers at once; otherwise a promise, awaiting only what a
 * stage returns as a promise and stopping at once if the call ended meanwhile (cancelled or
 * timed out). The call's timeout starts when the first hook, guard or `execute` hands back
 * a promise and covers every stage after it but the approval wait, which has its own bound.
 * Never throws or rejects: a malformed output (or a bug here) still ends the call.
 */
export function runPipeline<Call extends PipelineCall>(engine: PipelineHost<Call>, record: Call, tool: ToolDefinition): PipelineOutcome | Promise<PipelineOutcome> {
  return runSteps(stages(engine, record, tool), (error) => crashed(record, error));
}

/** A malformed output (or a bug here) must still end the call, never leave it hanging. */
function crashed(record: PipelineCall, error: unknown): PipelineOutcome {
  return executionFailed(record, `The executor could not finish the call of "${record.toolName}": ${errorMessage(error)}`);
}

function* stages<Call extends PipelineCall>(engine: PipelineHost<Call>, record: Call, tool: ToolDefinition): Steps<PipelineOutcome> {
  const checked = checkArguments(tool, record.args);
  const invalid = isPromiseLike(checked) ? ((yield checked) as Awaited<typeof checked>) : checked;
  if (ended(record)) return ENDED;
  if (invalid !== undefined) return refused(invalid, 'validate');
  engine.callEvents.stage(record, 'validated', 'pass');
  let call: PolicyCallView | undefined;
  // Control-plane observers (Code Mode's `wait`) opt out of hooks; guards and approval still apply.
  const hooked = tool.runsHooks !== false;
  // A decision recorded earlier (a deferred approval decided later, maybe in another
  // process): the arguments are the ones approved, so no pre-execute hook rewrites them again.
  const decided = record.decision;
  if (decided?.type === 'deny') {
    engine.callEvents.stage(record, 'approval', 'deny', 0);
    return refused(notApproved(record.toolName, decided.reason), 'approval');
  }
  const timeoutMs = tool.timeoutMs ?? engine.settings.defaultTimeoutMs;

  for (const listener of hooked && decided === undefined ? engine.preExecute : []) {
    call ??= new PolicyCallView(record);
    const answer = yield* consult(engine, record, 'pre-execute', timeoutMs, listener, call);
    if (answer.outcome !== undefined) return answer.outcome;
    const decision = answer.decision;
    if (decision?.type === 'rewrite') {
      const rechecked = recheck(tool, decision.args);
      const problem = isPromiseLike(rechecked) ? ((yield rechecked) as Awaited<typeof rechecked>) : rechecked;
      if (ended(record)) return ENDED;
      if (problem !== undefined) {
        return refused({ code: problem.code, message: `A pre-execute hook rewrote the arguments into invalid ones. ${problem.message}` }, 'pre-execute');
      }
      record.rewriteArgs(decision.args);
      call = new PolicyCallView(record);
    }
  }

  const guards = engine.guards;
  if (guards.length > 0) record.enterStage('guard');
  for (const guard of guards) {
    call ??= new PolicyCallView(record);
    const answer = yield* consult(engine, record, 'guard', timeoutMs, guard, call);
    if (answer.outcome !== undefined) return answer.outcome;
  }

  if (decided !== undefined) {
    engine.callEvents.stage(record, 'approval', 'approve', 0);
    const refusal = engine.stillCallable(record);
    if (refusal !== undefined) return refused(refusal, 'approval');
  } else {
    const needed = approvalNeeded(tool, record);
    if (isPromiseLike(needed)) record.startTimeout(timeoutMs);
    const approval = isPromiseLike(needed) ? ((yield needed) as Awaited<typeof needed>) : needed;
    if (ended(record)) return ENDED;
    if (typeof approval === 'object') return refused(approval, 'approval');
    if (approval) {
      const asked = askApproval(engine, record, call ?? new PolicyCallView(record));
      const answer = (yield asked) as Awaited<typeof asked>;
      if (ended(record)) return ENDED;
      let verdict: Refusal | undefined;
      if (answer === DEFERRED) {
        const parked = engine.park(record);
        verdict = (yield parked) as Awaited<typeof parked>;
        if (ended(record)) return ENDED;
      } else {
        verdict = answer;
      }
      const refusal = verdict ?? engine.stillCallable(record);
      if (refusal !== undefined) return refused(refusal, 'approval');
    }
  }

  record.startExecuting();
  let output: ToolOutput;
  try {
    // `args` matches the tool's kind: validation checked it.
    const returned = tool.execute(record.args as JsonObject & string, new CallContext(record));
    output = isPromiseLike(returned) ? yield* timed(record, timeoutMs, returned) : returned;
  } catch (error) {
    return { type: 'outcome', outcome: failure(engine.settings, record, tool, error) };
  }
  if (ended(record)) return ENDED;
  record.executeReturned();
  if (!isToolOutput(output)) {
    return executionFailed(record, `"${tool.name}" returned something that is not a tool output; build it with toolOutput(), jsonOutput() or textOutput().`);
  }

  let modelContext: string[] | undefined;
  const postExecute = hooked ? engine.postExecute : [];
  if (postExecute.length > 0) record.enterStage('post-execute');
  for (const listener of postExecute) {
    let decision: PostExecuteDecision | void;
    try {
      const returned = listener(new PostExecuteCallView(record, output));
      decision = isPromiseLike(returned) ? yield* timed(record, timeoutMs, returned) : returned;
    } catch (error) {
      engine.callEvents.stage(record, 'post-execute', 'failed');
      return executionFailed(record, `"${tool.name}" ran, but a post-execute hook failed on its output: ${errorMessage(error)}`);
    }
    if (ended(record)) return ENDED;
    engine.callEvents.stage(record, 'post-execute', decision?.output === undefined ? 'keep' : 'replace');
    if (decision?.output !== undefined) {
      if (!isToolOutput(decision.output)) {
        return executionFailed(record, `A post-execute hook replaced the output of "${tool.name}" with something that is not a tool output.`);
      }
      output = decision.output;
    }
    if (decision?.modelContext !== undefined) (modelContext ??= []).push(decision.modelContext);
  }

  const budget = tool.outputBudget ?? engine.settings.defaultOutputBudget;
  if (budget !== undefined) {
    const whole = output;
    output = applyOutputBudget(output, budget);
    if (output !== whole) engine.callEvents.stage(record, 'output-truncated', undefined, undefined, budget);
  }
  const outcome: CallOutcome =
    modelContext === undefined
      ? { status: 'ok', callId: record.callId, toolName: tool.name, output }
      : { status: 'ok', callId: record.callId, toolName: tool.name, output, modelContext };
  return { type: 'outcome', outcome };
}

function refused(refusal: Refusal, stage: DenialStage): PipelineOutcome {
  return { type: 'refused', stage, refusal };
}

/** The call ends as `EXECUTION_FAILED` with `message` (its tool's output was unusable, or a post-execute hook failed). */
function executionFailed(record: PipelineCall, message: string): PipelineOutcome {
  return { type: 'outcome', outcome: refusalOutcome(record, { code: 'EXECUTION_FAILED', message }) };
}

/**
 * Await what a hook, guard or `execute` handed back (a rejection throws here, as `await`
 * would). The call's timeout starts now: counted only once a stage hands back a promise, no
 * timer fires while a stage runs synchronously, so a call whose stages all return at once
 * needs none.
 */
function* timed<T>(record: PipelineCall, timeoutMs: number, pending: PromiseLike<T>): Steps<T> {
  record.startTimeout(timeoutMs);
  return (yield pending) as T;
}

/** What the pipeline says when a pre-execute hook or guard fails or denies the call: the text before the cause. */
const POLICY_WORDS = {
  'pre-execute': { failed: 'A pre-execute hook failed, so the call was not run', denied: 'A pre-execute hook denied the call' },
  guard: { failed: 'A permission check failed, so the call was not run', denied: 'Permission denied' },
} as const;

/** A pre-execute hook's or guard's answer: its decision, or the outcome of a call it failed or denied, or that ended meanwhile. */
type Consulted<Decision> = { readonly outcome: PipelineOutcome; readonly decision?: undefined } | { readonly outcome?: undefined; readonly decision: Decision | void };

const CONSULT_ENDED: Consulted<never> = { outcome: ENDED };

/**
 * Ask one pre-execute hook or guard about the call (awaiting it, which starts the call's
 * timeout, when it hands back a promise) and report its decision as a `call-stage` event. A
 * throw, a rejection or a denial is a refusal at `stage`.
 */
function* consult<Call extends PipelineCall, Decision extends PreExecuteDecision | GuardDecision>(
  engine: PipelineHost<Call>,
  record: Call,
  stage: keyof typeof POLICY_WORDS,
  timeoutMs: number,
  policy: (call: PolicyCall) => Decision | void | PromiseLike<Decision | void>,
  call: PolicyCall,
): Steps<Consulted<Decision>> {
  let decision: Decision | void;
  try {
    const returned = policy(call);
    decision = isPromiseLike(returned) ? yield* timed(record, timeoutMs, returned) : returned;
  } catch (error) {
    engine.callEvents.stage(record, stage, 'failed');
    return { outcome: refused(denied(`${POLICY_WORDS[stage].failed}: ${errorMessage(error)}`), stage) };
  }
  if (ended(record)) return CONSULT_ENDED;
  engine.callEvents.stage(record, stage, decision?.type ?? 'allow');
  if (decision?.type === 'deny') return { outcome: refused(denied(`${POLICY_WORDS[stage].denied}: ${decision.reason}`), stage) };
  return { decision };
}

function recheck(tool: ToolDefinition, args: unknown): Refusal | undefined | Promise<Refusal | undefined> {
  const violation = findJsonSafetyViolation(args);
  return violation === undefined ? checkArguments(tool, args) : notSerializable(tool.name, violation);
}

/**
 * A thrown error keeps its message. A toolcell error with an `exec` code (or
 * `EXECUTION_FAILED`, or `INVALID_ARGS` for input the tool itself refuses) keeps its code, and the tool output a `ToolFailure`
 * carries, if any (a failed program's partial output), becomes the outcome's output, cut to the tool's budget.
 * Other codes are not the tool's to claim: a tool cannot end its call as `DENIED`.
 */
function failure(settings: PipelineSettings, record: CallView, tool: ToolDefinition, error: unknown): CallOutcome {
  const { callId, toolName } = record;
  if (ToolcellError.isInstance(error) && KEPT_CODES.has(error.code)) {
    const outcome = errorOutcome({ callId, toolName, code: error.code as ToolErrorCode, message: error.message });
    // Only a ToolFailure delivers output; a foreign bundle's may still be malformed.
    const output: unknown = ToolFailure.isInstance(error) ? error.output : undefined;
    if (!isToolOutput(output)) return outcome;
    const budget = tool.outputBudget ?? settings.defaultOutputBudget;
    return { ...outcome, output: budget === undefined ? output : applyOutputBudget(output, budget) };
  }
  const message = errorMessage(error);
  return errorOutcome({ callId, toolName, code: 'EXECUTION_FAILED', message: message === '' ? `"${toolName}" failed without a message.` : message });
}

function isToolOutput(value: unknown): value is ToolOutput {
  const output = value as Partial<ToolOutput> | null | undefined;
  return typeof output === 'object' && output !== null && typeof output.result === 'object' && output.result !== null && Array.isArray(output.wire?.content);
}

/** Whether the call ended while a stage awaited (cancelled or timed out). */
function ended(record: CallView): boolean {
  return record.state === 'done';
}
