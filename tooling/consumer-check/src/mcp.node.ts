// The Node entry of @toolcell/mcp (stdio child processes, the HTTP server).
export * as mcpNode from '@toolcell/mcp/node';
