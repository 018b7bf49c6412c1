import type { ModelCallSource, ProviderCodeCallSource } from './call-source.js';
import type { JsonObject } from './json.js';

/**
 * A tool call as a provider adapter parsed it from the model's response, ready for
 * dispatch. `args` for function tools, `input` for freeform tools.
 */
export interface ToolCallRequest {
  /** The provider's call id, echoed in the result. */
  readonly callId: string;
  /** The name the model emitted (not yet resolved). */
  readonly name: string;
  /** Function-tool arguments. */
  readonly args?: JsonObject;
  /** Freeform-tool input. */
  readonly input?: string;
  /**
   * Set when the arguments could not be parsed (malformed JSON); the call should end as
   * an `INVALID_ARGS` outcome for this call only.
   */
  readonly argumentsError?: string;
  /** Who initiated it: the model, or code the provider ran (`provider_code`). Never nested. */
  readonly source: ModelCallSource | ProviderCodeCallSource;
  /** Provider data that must be echoed back unchanged with the result. */
  readonly echo?: JsonObject;
}
