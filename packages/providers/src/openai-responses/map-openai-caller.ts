import { MODEL_SOURCE } from '@toolcell/core';
import type { JsonObject } from '@toolcell/core';
import type { CallOrigin } from '../shared/call-origin.js';
import type { OpenAIProgramCaller } from './openai-responses-api.js';

/**
 * Map a call's `caller` to its source: a programmatic-tool-calling program becomes a
 * `provider_code` source, and the caller is kept as echo data for the output item.
 */
export function mapOpenAICaller(caller: { readonly type: string; readonly caller_id?: string } | null | undefined): CallOrigin {
  if (caller?.type !== 'program' || typeof caller.caller_id !== 'string') return { source: MODEL_SOURCE };
  return {
    source: { type: 'provider_code', provider: 'openai-responses', callerId: caller.caller_id },
    echo: { caller: { type: 'program', caller_id: caller.caller_id } },
  };
}

/** The program caller kept in a request's echo data, if there is one. */
export function echoedProgramCaller(echo: JsonObject | undefined): OpenAIProgramCaller | undefined {
  const caller = echo?.['caller'];
  if (typeof caller !== 'object' || caller === null || Array.isArray(caller)) return undefined;
  const callerId = caller['caller_id'];
  return caller['type'] === 'program' && typeof callerId === 'string' ? { type: 'program', caller_id: callerId } : undefined;
}
