import type { Attributes } from '@opentelemetry/api';
import type { CallStageEvent } from '@toolcell/executor';
import { SPAN_EVENTS, TOOLCELL } from './attribute-names.js';

/** The span event name of a policy stage. */
export function stageEventName(event: CallStageEvent): string {
  switch (event.stage) {
    case 'validated':
      return SPAN_EVENTS.validated;
    case 'pre-execute':
      return SPAN_EVENTS.preExecute;
    case 'guard':
      return SPAN_EVENTS.guard;
    case 'approval-requested':
      return SPAN_EVENTS.approvalRequested;
    case 'approval':
      return event.result === 'approve' ? SPAN_EVENTS.approvalGranted : SPAN_EVENTS.approvalDenied;
    case 'post-execute':
      return SPAN_EVENTS.postExecute;
    case 'output-truncated':
      return SPAN_EVENTS.outputTruncated;
  }
}

/** The span event's attributes: the decision, the approval wait, the budget. */
export function stageEventAttributes(event: CallStageEvent): Attributes {
  const attributes: Attributes = {};
  if (event.result !== undefined) attributes[TOOLCELL.stageResult] = event.result;
  if (event.waitMs !== undefined) attributes[TOOLCELL.approvalWaitMs] = event.waitMs;
  if (event.budget !== undefined) attributes[TOOLCELL.outputBudget] = event.budget;
  return attributes;
}
