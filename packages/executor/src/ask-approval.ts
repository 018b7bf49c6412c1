import { errorMessage } from '@toolcell/core';
import type { ApprovalDecision, ApprovalRequest } from './approval-handler.js';
import type { PipelineCall, PipelineHost } from './pipeline-host.js';
import { isPromiseLike } from './is-promise-like.js';
import type { PolicyCall } from './policy-call.js';
import type { Refusal } from './refusal.js';
import { denied } from './refusal.js';

/** What `askApproval` returns when the handler deferred the decision: the call is to be parked. */
export const DEFERRED: unique symbol = Symbol('deferred');

/**
 * The approval stage: ask the handler about `call`; `undefined` when it approved,
 * {@link DEFERRED} when it deferred. While a
 * handler's promise is pending, the call's timeout is paused and `approvalTimeoutMs`
 * bounds the wait instead (the record's timer ends the call as `TIMEOUT` when it runs out).
 */
export async function askApproval<Call extends PipelineCall>(engine: PipelineHost<Call>, record: Call, call: PolicyCall): Promise<Refusal | typeof DEFERRED | undefined> {
  const handler = engine.settings.approval;
  if (handler === undefined) {
    return denied(`"${call.toolName}" needs approval and no approval handler is configured, so it was not run.`);
  }
  const parentCallId = record.source.type === 'code_mode' ? record.source.parentCallId : undefined;
  const cellId = record.source.type === 'code_mode' ? record.source.cellId : undefined;
  const { callId, toolName, jsName, args, source, scopeId, nested, hostContext } = call;
  const request: ApprovalRequest = { callId, toolName, jsName, args, source, scopeId, nested, hostContext, parentCallId, cellId, signal: record.signal };
  let decision: ApprovalDecision;
  engine.callEvents.stage(record, 'approval-requested', undefined);
  const askedAt = performance.now();
  try {
    const returned = handler.ask(request);
    if (isPromiseLike(returned)) {
      record.awaitApproval(engine.settings.approvalTimeoutMs);
      try {
        decision = await returned;
      } finally {
        record.approvalDecided();
      }
    } else {
      decision = returned;
    }
  } catch (error) {
    if (record.state !== 'done') engine.callEvents.stage(record, 'approval', 'failed', performance.now() - askedAt);
    return denied(`Asking for approval failed, so the call was not run: ${errorMessage(error)}`);
  }
  // Not reported for a call that ended (cancelled, or its wait timed out) while the handler was deciding.
  const result = decision?.type === 'approve' || decision?.type === 'defer' ? decision.type : 'deny';
  if (record.state !== 'done') engine.callEvents.stage(record, 'approval', result, performance.now() - askedAt);
  if (result === 'approve') return undefined;
  if (result === 'defer') return DEFERRED;
  return notApproved(call.toolName, decision?.type === 'deny' ? decision.reason : undefined);
}

/** The refusal of a call a person (or policy) did not approve. */
export function notApproved(toolName: string, reason: string | undefined): Refusal {
  const detail = reason !== undefined ? `: ${reason}` : '';
  return denied(`The call of "${toolName}" was not approved${detail}. Do not retry it unchanged; ask the user how to proceed.`);
}
