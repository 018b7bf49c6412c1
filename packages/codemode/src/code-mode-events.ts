import type { ExecStatus } from './exec-report.js';
import type { JsonValue } from '@toolcell/core';

/** Payload shared by cell events. */
export interface CellEventBase {
  readonly cellId: string;
  /** The `exec` call that started the cell. */
  readonly execCallId: string;
  readonly scopeId: string;
}

/** Events of {@link CodeMode.events} (eventemitter3 signatures). */
export interface CodeModeEvents {
  /** A program started in a new cell. */
  'cell-start': (event: CellEventBase) => void;
  /** An observation returned while the program keeps running. */
  'cell-yield': (event: CellEventBase) => void;
  /** The program ended (completed, failed or terminated). */
  'cell-end': (event: CellEventBase & { readonly status: Exclude<ExecStatus, 'running'>; readonly code?: string }) => void;
  /** The program called `notify(value)`: a side channel for the agent loop, not output. */
  'cell-notify': (event: CellEventBase & { readonly value: JsonValue }) => void;
}
