import { errorMessage } from '@toolcell/core';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { McpCallError } from './mcp-call-error.js';
import type { McpErrorCode } from './mcp-error-codes.js';

/**
 * Classify an error the SDK client threw for one request. `exitCause` is why the
 * connection went away, when it did (a malformed message, an oversized result, a crash).
 */
export function mcpCallFailure(options: {
  readonly error: unknown;
  readonly serverName: string;
  readonly toolName: string;
  readonly exitCause: McpCallError | undefined;
}): McpCallError {
  const { error, serverName, toolName, exitCause } = options;
  const message = errorMessage(error);
  const fail = (mcpCode: McpErrorCode, text: string): McpCallError => new McpCallError({ mcpCode, serverName, toolName, message: text, cause: error });
  if (error instanceof McpError) {
    if (error.code === Number(ErrorCode.RequestTimeout)) return fail('MCP_TIMEOUT', `"${toolName}" did not answer in time (${message}).`);
    if (error.code === Number(ErrorCode.ConnectionClosed)) {
      if (exitCause) return new McpCallError({ mcpCode: exitCause.mcpCode, serverName, toolName, message: exitCause.detail, cause: error });
      return fail('MCP_SERVER_EXITED', `the connection closed while "${toolName}" was running; the server restarts on the next call.`);
    }
    if (/output schema|structured content/i.test(message)) return fail('MCP_OUTPUT_INVALID', `"${toolName}" returned a result that does not match its outputSchema: ${message}`);
    return fail('MCP_PROTOCOL_ERROR', `"${toolName}" failed with JSON-RPC error ${error.code}: ${message}`);
  }
  if (exitCause) return new McpCallError({ mcpCode: exitCause.mcpCode, serverName, toolName, message: exitCause.detail, cause: error });
  return fail('MCP_PROTOCOL_ERROR', `"${toolName}" failed: ${message}`);
}
