/** What tracing reads from a cell event (the fields all of `CodeMode`'s cell events share). */
export interface TracedCellEvent {
  readonly cellId: string;
  /** The `exec` call that started the cell. */
  readonly execCallId: string;
}

/** What tracing reads from `cell-end`. */
export interface TracedCellEndEvent extends TracedCellEvent {
  readonly status: string;
  readonly code?: string | undefined;
  /** The program's wall time, when the emitter reports it. */
  readonly wallMs?: number | undefined;
  /** The guest CPU time, when the emitter reports it. */
  readonly cpuMs?: number | undefined;
}

/**
 * The part of `CodeMode.events` tracing listens to. Declared structurally, so this package
 * needs no dependency on `@toolcell/codemode` (a host that uses only the executor does not
 * install the sandbox); a type test checks that `CodeMode.events` fits.
 */
export interface CellEventSource {
  /** Listen to a program's start or yield. */
  on(event: 'cell-start' | 'cell-yield', listener: (event: TracedCellEvent) => void): unknown;
  /** Listen to a program's end. */
  on(event: 'cell-end', listener: (event: TracedCellEndEvent) => void): unknown;
  /** Stop listening to a program's start or yield. */
  off(event: 'cell-start' | 'cell-yield', listener: (event: TracedCellEvent) => void): unknown;
  /** Stop listening to a program's end. */
  off(event: 'cell-end', listener: (event: TracedCellEndEvent) => void): unknown;
}
