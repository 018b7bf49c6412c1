// The public API of @toolcell/mcp (runtime-neutral: no Node built-ins; a test walks its
// imports). Adding an export is an API decision. What needs Node — spawning stdio servers,
// serving over stdio or HTTP — is at `@toolcell/mcp/node`; its types are here too.

export type { ConnectMcpServersOptions, McpServersHandle } from './client/connect-mcp-servers.js';
export type { McpHttpServerConfig, McpServerConfig, McpServersConfig, McpStdioServerConfig } from './client/mcp-servers-config.js';
export type { McpOAuthConfig } from './client/mcp-oauth-config.js';
export type { McpAuthorizationRequest } from './client/stored-oauth-provider.js';
export { isStdioServerConfig, parseMcpServersConfig } from './client/mcp-servers-config.js';
export type { McpRestartPolicy } from './client/mcp-server-connection.js';
export type {
  McpClientHost,
  McpElicitationAnswer,
  McpElicitationRequest,
  McpRoot,
  McpSamplingRequest,
  McpSamplingResult,
} from './client/mcp-client-host.js';
export type {
  McpClientEvents,
  McpLogEvent,
  McpLogLevel,
  McpProgressEvent,
  McpServerState,
  McpServerStatus,
  McpSkippedTool,
  McpTransportKind,
} from './client/mcp-server-status.js';
export type { McpErrorCode } from './client/mcp-error-codes.js';
export { MCP_ERROR_CODES } from './client/mcp-error-codes.js';
export type { McpCallErrorOptions } from './client/mcp-call-error.js';
export { McpCallError } from './client/mcp-call-error.js';
export type { McpFallbackResult } from './client/typed-mcp-result.js';
export { MCP_FALLBACK_OUTPUT_SCHEMA, typedMcpResult } from './client/typed-mcp-result.js';
export type { CodeModeMcpServer, CodeModeMcpServerOptions } from './server/create-code-mode-mcp-server.js';
export { createCodeModeMcpServer } from './server/create-code-mode-mcp-server.js';
export type { McpClientQuestion } from './server/elicit-from-client.js';
export type { ElicitApproval, ElicitationApprovalOptions } from './server/elicitation-approval.js';
export { ElicitationApproval } from './server/elicitation-approval.js';
export type { McpPendingApproval, PendingApprovalsNote } from './server/pending-approvals-note.js';
export type { StdioOptions } from './server/serve-stdio.js';
export type { StreamableHttpEndpoint, StreamableHttpOptions } from './server/serve-streamable-http.js';
export type { ResumabilityLimits } from './server/session-event-store.js';
