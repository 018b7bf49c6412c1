// The Node entry of @toolcell/mcp (`@toolcell/mcp/node`): spawning stdio servers and
// serving over stdio or Streamable HTTP. Adding an export is an API decision.

export { connectMcpServers } from './client/connect-mcp-servers.js';
export { defaultOAuthDirectory } from './client/oauth-token-store.js';
export { serveStdio } from './server/serve-stdio.js';
export { serveStreamableHttp } from './server/serve-streamable-http.js';
export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from './server/serve-streamable-http.js';
