import type { JsonValue, ToolOutput } from '@toolcell/core';
import type { DurableApprovalView } from './durable/durable-cell-report.js';
import type { ExecOutputItem, ExecReport, ExecStatus } from './exec-report.js';

/** Payload shared by cell events. */
export interface CellEventBase {
  readonly cellId: string;
  /** The `exec` call that started the cell. */
  readonly execCallId: string;
  /** The scope whose session owns the cell. */
  readonly scopeId: string;
}

/** What changed in a cell nobody is observing. */
export type CellUpdateReason = 'output' | 'notify' | 'approval' | 'end';

/** A nested call of a cell that waits for the host's approval. */
export interface CellApprovalRequest {
  readonly callId: string;
  /** The canonical tool name. */
  readonly toolName: string;
}

/**
 * News from a cell that nobody is observing (its `exec` returned and no `wait` is in
 * progress): the push-completion signal. Changes in the same tick are coalesced into one
 * event. The event does not move the model's cursor: the next `wait` still delivers
 * everything since the model's last observation, unless the host takes it first with
 * {@link CodeMode.takeCellReport}.
 */
export interface CellUpdateEvent extends CellEventBase {
  /** What changed since the previous event or observation (in the order first seen). */
  readonly reasons: readonly CellUpdateReason[];
  /** `running` until the program ends; then its final status (with reason `end`). */
  readonly status: ExecStatus;
  /** Output produced since the previous event or observation; no two events repeat an item. */
  readonly output: readonly ExecOutputItem[];
  /** Values the program passed to `notify` since the previous event. */
  readonly notifications: readonly JsonValue[];
  /** Nested calls of the cell waiting for approval now. */
  readonly approvals: readonly CellApprovalRequest[];
  /** With `end`: the error code of a failed cell. */
  readonly code?: string;
  /** With status `awaiting_approval`: every approval the cell, now suspended into the durable store, waits for. */
  readonly pendingApprovals?: readonly DurableApprovalView[];
}

/** What {@link CodeMode.takeCellReport} hands the host: the observation and its rendering. */
export interface CellReportDelivery {
  /** Everything since the model's last observation (status `failed` is not thrown). */
  readonly report: ExecReport;
  /** Rendered exactly like a `wait` answer. */
  readonly output: ToolOutput;
}

/** A live cell as the host and the model see it in a listing. */
export interface CellSummary {
  readonly cellId: string;
  /**
   * `ended`: the program ended and its final report is waiting to be observed;
   * `suspended`: it waits in the durable store for approvals (see `pendingApprovals`).
   */
  readonly state: 'running' | 'ended' | 'suspended';
  /** Milliseconds since the program started (for a suspended cell listed from the durable store: by the durable clock, wherever it started). */
  readonly ageMs: number;
  /** The last line of text the program produced, if any. */
  readonly lastOutputLine?: string;
  /** With `suspended`: how many approvals nobody has decided yet. */
  readonly pendingApprovals?: number;
}

/** Events of {@link CodeMode.events} (eventemitter3 signatures). */
export interface CodeModeEvents {
  /** A program started in a new cell. */
  'cell-start': (event: CellEventBase) => void;
  /** An observation returned while the program keeps running. */
  'cell-yield': (event: CellEventBase) => void;
  /** The program ended (completed, failed or terminated), with its wall and guest CPU time. */
  'cell-end': (event: CellEventBase & { readonly status: Exclude<ExecStatus, 'running' | 'awaiting_approval'>; readonly code?: string; readonly wallMs: number; readonly cpuMs: number }) => void;
  /** With a durable store: every call in flight waits for an approval, and the cell was suspended into the store. */
  'cell-suspend': (event: CellEventBase & { readonly pendingApprovals: readonly DurableApprovalView[] }) => void;
  /** With a durable store: a suspended cell goes on in this process (its batch decided). */
  'cell-resume': (event: CellEventBase) => void;
  /** The program called `notify(value)`: a side channel for the agent loop, not output. */
  'cell-notify': (event: CellEventBase & { readonly value: JsonValue }) => void;
  /** A cell nobody observes produced output, called `notify`, needs an approval, or ended. */
  'cell-update': (event: CellUpdateEvent) => void;
}
