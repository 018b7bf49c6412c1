// The Node entries of @toolcell/mcp (stdio child processes, the HTTP server; the loopback
// MCP server for tests).
export * as mcpNode from '@toolcell/mcp/node';
export * as mcpTest from '@toolcell/mcp/test';
