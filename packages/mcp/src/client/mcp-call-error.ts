import { ToolcellError } from '@toolcell/core';
import type { McpErrorCode } from './mcp-error-codes.js';

/** Constructor options of {@link McpCallError}. */
export interface McpCallErrorOptions {
  readonly mcpCode: McpErrorCode;
  /** The server's name in the `mcpServers` map. */
  readonly serverName: string;
  /** What happened, without the code or server prefix. */
  readonly message: string;
  readonly toolName?: string;
  readonly retryable?: boolean;
  readonly cause?: unknown;
}

/**
 * A call into an MCP server failed. Its outcome is `EXECUTION_FAILED` with the message
 * `<MCP code>: MCP server "<name>": <what happened>`, so a program and the model can
 * tell the cases apart by the message alone.
 */
export class McpCallError extends ToolcellError {
  override readonly name = 'McpCallError';
  /** Which MCP failure this is. */
  readonly mcpCode: McpErrorCode;
  /** The server's name in the `mcpServers` map. */
  readonly serverName: string;
  /** The message without the code and server prefix. */
  readonly detail: string;

  constructor(options: McpCallErrorOptions) {
    super({
      code: 'EXECUTION_FAILED',
      message: `${options.mcpCode}: MCP server "${options.serverName}": ${options.message}`,
      toolName: options.toolName,
      retryable: options.retryable,
      cause: options.cause,
    });
    this.mcpCode = options.mcpCode;
    this.serverName = options.serverName;
    this.detail = options.message;
  }
}
