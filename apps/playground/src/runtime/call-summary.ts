import type { CallOutcome, JsonValue } from '@toolcell/core';
import { wireText } from '@toolcell/core';
import type { CallSummary } from './worker-protocol.js';

/** An outcome's two projections, as plain JSON the page can show side by side. */
export function summarizeOutcome(outcome: CallOutcome): CallSummary {
  const base = {
    callId: outcome.callId,
    toolName: outcome.toolName,
    result: (outcome.output.result.value ?? null) as JsonValue,
    wireText: wireText(outcome.output.wire),
  };
  return outcome.status === 'ok' ? { ...base, status: 'ok' } : { ...base, status: 'error', code: outcome.code, message: outcome.message };
}
