import type { CellUpdateReason, ExecStatus } from '@toolcell/codemode';
import type { JsonObject, ToolErrorCode, ToolMode } from '@toolcell/core';

/** Who started a call, as the transcript names it. */
export type TranscriptSource = 'model' | 'code_mode' | 'provider_code';

/** A request to the model is about to be sent. */
export interface ModelRequestEvent {
  readonly type: 'model_request';
  /** 1-based index of the request in this run. */
  readonly turn: number;
  readonly mode: ToolMode;
  /** The names declared to the model, sorted. */
  readonly tools: readonly string[];
}

/** A tool call as the model asked for it. */
export interface TranscriptToolCall {
  readonly callId: string;
  readonly name: string;
  readonly arguments?: JsonObject;
  readonly input?: string;
  /** Why the arguments could not be read, when they could not. */
  readonly argumentsError?: string;
}

/** The model answered. */
export interface ModelResponseEvent {
  readonly type: 'model_response';
  readonly turn: number;
  readonly text?: string;
  readonly tool_calls: readonly TranscriptToolCall[];
  /** Tokens of the request body that was sent (o200k). */
  readonly requestTokens: number;
}

/** Identity of a call in `call_start` and `call_end`. */
export interface CallIdentity {
  readonly callId: string;
  /** The canonical tool name (the name as asked when it resolved to nothing). */
  readonly name: string;
  readonly source: TranscriptSource;
  /** For calls from a program: the `exec` call that issued it. */
  readonly parentCallId?: string;
  /** For calls from a program: the cell it runs in. */
  readonly cellId?: string;
}

/** A call was submitted to the executor. */
export interface CallStartTranscriptEvent extends CallIdentity {
  readonly type: 'call_start';
}

/** A call ended (refused calls too, with their code). */
export interface CallEndTranscriptEvent extends CallIdentity {
  readonly type: 'call_end';
  readonly status: 'ok' | 'error';
  readonly code?: ToolErrorCode;
  readonly message?: string;
  /** Submission to end, in milliseconds. */
  readonly durationMs?: number;
}

/** A pre- or post-execute hook saw a call (refused calls never produce one). */
export interface HookEvent {
  readonly type: 'hook';
  readonly stage: 'pre_execute' | 'post_execute';
  readonly callId: string;
  readonly name: string;
}

/** The approval handler decided on a call that needs approval. */
export interface ApprovalEvent {
  readonly type: 'approval';
  readonly callId: string;
  readonly name: string;
  /** Whether a program inside `exec` made the call. */
  readonly nested: boolean;
  /** `deferred`: nobody could be asked now; the call waits in the durable store for a decision. */
  readonly decision: 'approved' | 'denied' | 'deferred';
  /** What decided: the policy (`all`, `none`, `ask`) and, for `ask`, who answered. */
  readonly reason: string;
}

/**
 * Push completion: instead of sampling the model again (it ended its turn, or only
 * waited and nothing changed), the loop waits for news from these running cells.
 */
export interface CellWaitEvent {
  readonly type: 'cell_wait';
  /** The request whose answer left the cells running. */
  readonly turn: number;
  readonly cellIds: readonly string[];
}

/** Push completion: a cell's news was sent to the model as one message. */
export interface CellUpdateTranscriptEvent {
  readonly type: 'cell_update';
  readonly cellId: string;
  readonly status: ExecStatus;
  readonly reasons: readonly CellUpdateReason[];
  /** The message as the model reads it. */
  readonly message: string;
}

/** The run ended with the model's final answer. */
export interface FinalEvent {
  readonly type: 'final';
  readonly text: string;
  /** Model requests made. */
  readonly turns: number;
  /** Tokens sent to the model over the run (declarations + messages, o200k). */
  readonly tokens: number;
}

/**
 * A configured MCP server whose tools are not there: it failed to start, or the
 * workspace's own configuration names it and the user has not consented to starting it.
 */
export interface McpServerEvent {
  readonly type: 'mcp_server';
  /** The server's name in `mcpServers`. */
  readonly name: string;
  readonly state: 'failed' | 'not_started';
  /** Why, and what to do about it. */
  readonly message: string;
}

/** One approval a suspended program waits for, as the transcript shows it. */
export interface TranscriptPendingApproval {
  /** What `toolcell approvals approve|deny` takes. */
  readonly approvalId: string;
  readonly toolName: string;
  /** The arguments as the approval preview shows them. */
  readonly args: string;
  readonly cellId: string;
  /** Epoch milliseconds after which it can no longer be decided. */
  readonly expiresAt: number;
}

/**
 * With a store: the run ended while programs wait in the store for approvals. The
 * conversation is saved; `toolcell approvals` decides them, `toolcell run --resume SESSION`
 * goes on.
 */
export interface ApprovalsPendingEvent {
  readonly type: 'approvals_pending';
  /** The run's session: what `--resume` takes. */
  readonly session: string;
  readonly approvals: readonly TranscriptPendingApproval[];
}

/** `toolcell run --resume`: a suspended program went on with the decisions recorded; the model is told its report. */
export interface CellResumeEvent {
  readonly type: 'cell_resume';
  readonly cellId: string;
  /** How it stands now: ended, or `awaiting_approval` again (approvals still undecided). */
  readonly status: ExecStatus;
  /** The message as the model reads it. */
  readonly message: string;
}

/** One line of the `--json` transcript. */
export type TranscriptEvent =
  | ModelRequestEvent
  | ModelResponseEvent
  | CallStartTranscriptEvent
  | CallEndTranscriptEvent
  | HookEvent
  | ApprovalEvent
  | CellWaitEvent
  | CellUpdateTranscriptEvent
  | McpServerEvent
  | ApprovalsPendingEvent
  | CellResumeEvent
  | FinalEvent;

/** Receives transcript events as they happen. */
export type TranscriptSink = (event: TranscriptEvent) => void;
