import type { JsonValue } from '@toolcell/core';
import type { RoundTripFigures } from '../bench/round-trip-bench.js';
import type { PlaygroundConfig } from './playground-config.js';

/** What the page asks the worker. Every request but the decisions and pings is answered once by `answer`. */
export type PageToWorker =
  | { readonly type: 'configure'; readonly requestId: number; readonly config: PlaygroundConfig }
  | { readonly type: 'exec'; readonly requestId: number; readonly program: string }
  | { readonly type: 'direct'; readonly requestId: number; readonly name: string; readonly args: JsonValue }
  | { readonly type: 'wait'; readonly requestId: number; readonly cellId: string; readonly terminate: boolean }
  | { readonly type: 'stored'; readonly requestId: number; readonly keys: readonly string[] }
  /** Run the round-trip bench in the worker (src/bench/round-trip-bench.ts). */
  | { readonly type: 'bench'; readonly requestId: number }
  | { readonly type: 'approval-decision'; readonly approvalId: number; readonly approve: boolean }
  /** The person's answer to `ask_user_question` (`null`: dismissed, nobody answers). */
  | { readonly type: 'question-answer'; readonly questionId: number; readonly answer: string | null }
  /** The watchdog's liveness probe: a worker stuck in synchronous code cannot answer it. */
  | { readonly type: 'ping'; readonly pingId: number };

/** How one dispatched call ended, in plain JSON for the page. */
export interface CallSummary {
  readonly callId: string;
  readonly toolName: string;
  readonly status: 'ok' | 'error';
  readonly code?: string;
  readonly message?: string;
  /** The typed projection: what a program receives. */
  readonly result: JsonValue | null;
  /** The wire projection as text: what the model reads. */
  readonly wireText: string;
}

/** One timeline event: a call started, passed a policy stage, or ended. */
export type TimelineEvent =
  | { readonly type: 'call-start'; readonly callId: string; readonly toolName: string; readonly parentCallId: string | undefined; readonly at: number }
  | { readonly type: 'call-stage'; readonly callId: string; readonly stage: string; readonly result: string | undefined; readonly at: number }
  | { readonly type: 'call-denied'; readonly callId: string; readonly stage: string; readonly code: string; readonly at: number }
  | { readonly type: 'call-end'; readonly callId: string; readonly at: number; readonly startedAt: number; readonly durationMs: number; readonly summary: CallSummary };

/** What the worker tells the page. */
export type WorkerToPage =
  | { readonly type: 'ready'; readonly bootMs: number }
  | { readonly type: 'pong'; readonly pingId: number }
  | {
      readonly type: 'answer';
      readonly requestId: number;
      readonly summary?: CallSummary;
      readonly stored?: Record<string, JsonValue | null>;
      readonly bench?: RoundTripFigures;
      readonly error?: string;
    }
  | { readonly type: 'timeline'; readonly event: TimelineEvent }
  | { readonly type: 'cell'; readonly cellId: string; readonly status: string; readonly output: string }
  | {
      readonly type: 'approval-request';
      readonly approvalId: number;
      readonly callId: string;
      readonly toolName: string;
      readonly nested: boolean;
      readonly args: JsonValue;
    }  /** `ask_user_question` asks the person; the call waits for `question-answer`. */
  | { readonly type: 'question'; readonly questionId: number; readonly question: string; readonly options: readonly string[] };
