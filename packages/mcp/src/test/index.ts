// @toolcell/mcp/test: an MCP server to import in tests of code built on connectMcpServers,
// served in the test's own process (Node only). Adding an export is an API decision, as
// for the main entry.

export { serveLoopback } from './loopback-mcp-server.js';
export type { LoopbackMcpServer } from './loopback-mcp-server.js';
