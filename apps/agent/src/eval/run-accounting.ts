import type { TranscriptEvent } from '../agent/transcript-event.js';

/** Codes of calls the runtime refused (as opposed to tools that ran and failed). */
export const REFUSAL_CODES: ReadonlySet<string> = new Set(['UNKNOWN_TOOL', 'INVALID_ARGS', 'NOT_CALLABLE', 'RECURSIVE_EXEC', 'DENIED']);

/** What one run's transcript counts. */
export interface CallCounts {
  /** Model requests answered. */
  readonly requests: number;
  /** Model turns that asked for tools. */
  readonly toolTurns: number;
  /** o200k tokens of every request body sent. */
  readonly tokensSent: number;
  /** Calls the model made itself (`exec` included). */
  readonly directCalls: number;
  /** Calls programs made inside `exec`. */
  readonly nestedCalls: number;
  /** Refused calls, by code (direct and nested). */
  readonly refusals: Readonly<Record<string, number>>;
  /** Calls that ran and failed, by code. */
  readonly failures: Readonly<Record<string, number>>;
}

/** Counts the calls of one run from its transcript events. */
export class RunAccounting {
  private requests = 0;
  private toolTurns = 0;
  private tokensSent = 0;
  private directCalls = 0;
  private nestedCalls = 0;
  private readonly refusals: Record<string, number> = {};
  private readonly failures: Record<string, number> = {};

  /** Take one transcript event into account. */
  record(event: TranscriptEvent): void {
    if (event.type === 'model_response') {
      this.requests += 1;
      this.tokensSent += event.requestTokens;
      if (event.tool_calls.length > 0) this.toolTurns += 1;
    }
    if (event.type !== 'call_end') return;
    if (event.parentCallId === undefined) this.directCalls += 1;
    else this.nestedCalls += 1;
    if (event.status !== 'error' || event.code === undefined) return;
    const tally = REFUSAL_CODES.has(event.code) ? this.refusals : this.failures;
    tally[event.code] = (tally[event.code] ?? 0) + 1;
  }

  counts(): CallCounts {
    return {
      requests: this.requests,
      toolTurns: this.toolTurns,
      tokensSent: this.tokensSent,
      directCalls: this.directCalls, nestedCalls: this.nestedCalls, refusals: { ...this.refusals }, failures: { ...this.failures },
    };
  }
}
