/**
 * Why a call into an MCP server failed. The call's outcome code is `EXECUTION_FAILED` (the
 * executor lets a tool claim no other), so the MCP code leads the message
 * (`MCP_TIMEOUT: …`) and is kept on {@link McpCallError.mcpCode}:
 * - `MCP_TOOL_ERROR` — the server answered `isError: true`; its text follows.
 * - `MCP_OUTPUT_INVALID` — `structuredContent` does not match the tool's `outputSchema` (the path is named).
 * - `MCP_PROTOCOL_ERROR` — the server answered with a JSON-RPC error or sent a malformed message.
 * - `MCP_TIMEOUT` — the server did not answer within the server's `timeoutMs`.
 * - `MCP_SERVER_EXITED` — the server is gone (crashed, exited, could not start); it restarts on a later call.
 * - `MCP_RESULT_TOO_LARGE` — the result is larger than `maxResultBytes`.
 * - `MCP_UNAUTHORIZED` — a remote server refused the connection with 401 or 403: it needs
 *   authorization (its `WWW-Authenticate` hint is quoted); no SSE fallback is tried.
 */
export const MCP_ERROR_CODES = [
  'MCP_TOOL_ERROR',
  'MCP_OUTPUT_INVALID',
  'MCP_PROTOCOL_ERROR',
  'MCP_TIMEOUT',
  'MCP_SERVER_EXITED',
  'MCP_RESULT_TOO_LARGE',
  'MCP_UNAUTHORIZED',
] as const;

/** One of {@link MCP_ERROR_CODES}. */
export type McpErrorCode = (typeof MCP_ERROR_CODES)[number];
