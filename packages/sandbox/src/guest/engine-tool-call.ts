/** A tool call as the engine reports it: the input stays JSON text until a transport needs it. */
export interface EngineToolCall {
  readonly id: number;
  readonly jsName: string;
  readonly inputJson: string;
  /** The program ended before the call was sent (see `GuestToolCall.unawaited`). */
  readonly unawaited?: true;
}
