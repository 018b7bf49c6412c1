/** A call the model emitted as a top-level tool call. */
export interface ModelCallSource {
  readonly type: 'model';
}

/** A call a program made through `tools.<jsName>(…)` inside `exec`. */
export interface CodeModeCallSource {
  readonly type: 'code_mode';
  /** The cell the program runs in. */
  readonly cellId: string;
  /** The `exec` call that started the program. */
  readonly parentCallId: string;
}

/**
 * A call made by code the provider runs on its side (OpenAI or Anthropic programmatic
 * tool calling). The provider, not toolcell, ran the program, so policy treats it as a
 * model-direct call; the caller is kept for events and echoed back.
 */
export interface ProviderCodeCallSource {
  readonly type: 'provider_code';
  /** Which provider ran the code (`anthropic`, `openai-responses`). */
  readonly provider: string;
  /** The provider's identifier of its code-execution caller, verbatim. */
  readonly callerId: string;
}

/** Who initiated a call. Hooks, guards, approvals and events all see it. */
export type CallSource = ModelCallSource | CodeModeCallSource | ProviderCodeCallSource;

/** The source of every top-level model call. */
export const MODEL_SOURCE: ModelCallSource = Object.freeze({ type: 'model' });
