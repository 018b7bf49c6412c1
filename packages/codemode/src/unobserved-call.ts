/** A nested call of a cell that nobody is observing (its `exec` already returned). */
export interface UnobservedCall {
  readonly cellId: string;
  readonly callId: string;
  /** The canonical tool name. */
  readonly toolName: string;
}
