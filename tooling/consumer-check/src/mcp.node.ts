// @toolcell/mcp needs Node (stdio child processes, the HTTP server), so it is compiled here.
export * as mcp from '@toolcell/mcp';
