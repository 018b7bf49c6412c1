import { ToolFailure, ToolcellError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { McpCallError } from './mcp-call-error.js';
import { MCP_ERROR_CODES } from './mcp-error-codes.js';

const errorFor = (mcpCode: (typeof MCP_ERROR_CODES)[number]) => new McpCallError({ mcpCode, serverName: 'files', toolName: 'read', message: 'it broke' });

describe('McpCallError', () => {
  it('has its own name and brand, and the outcome code a tool may claim', () => {
    const error = errorFor('MCP_TOOL_ERROR');
    expect(error).toMatchObject({ name: '@toolcell/mcp/McpCallError', code: 'EXECUTION_FAILED', message: 'MCP_TOOL_ERROR: MCP server "files": it broke' });
    expect(McpCallError.isInstance(error)).toBe(true);
    expect(ToolcellError.isInstance(error)).toBe(true);
    expect(ToolFailure.isInstance(error)).toBe(false);
    expect(McpCallError.isInstance(new ToolcellError({ code: 'EXECUTION_FAILED', message: 'x' }))).toBe(false);
    expect(McpCallError.isInstance(Object.assign(new Error('x'), { [Symbol.for('toolcell.error')]: ['@toolcell/mcp/McpCallError', '@toolcell/core/ToolcellError'] }))).toBe(true);
  });

  it('is retryable exactly for a timeout and an exited server', () => {
    const retryable = MCP_ERROR_CODES.filter((code) => errorFor(code).retryable);
    expect(retryable).toEqual(['MCP_TIMEOUT', 'MCP_SERVER_EXITED']);
  });
});
