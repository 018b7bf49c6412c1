import { MODEL_SOURCE } from '@toolcell/core';
import type { CallOrigin } from '../shared/call-origin.js';
import type { ToolUseCaller } from './anthropic-api.js';

/**
 * Map a `tool_use` block's `caller` to its source: a call from the code-execution tool
 * (programmatic tool calling) becomes a `provider_code` source naming the
 * `server_tool_use` id, and the caller is kept verbatim as echo data.
 */
export function mapAnthropicCaller(caller: ToolUseCaller | undefined): CallOrigin {
  // Older responses have no `caller` at all; that is a direct call.
  if (caller === undefined || caller.type === 'direct') return { source: MODEL_SOURCE };
  return {
    source: { type: 'provider_code', provider: 'anthropic', callerId: caller.tool_id },
    echo: { caller: { type: caller.type, tool_id: caller.tool_id } },
  };
}
