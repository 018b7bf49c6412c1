import { ToolcellError } from '@toolcell/core';
import type { McpErrorCode } from './mcp-error-codes.js';

// The failures a later, unchanged call may get past: the server restarts after an exit.
const RETRYABLE_CODES: ReadonlySet<McpErrorCode> = new Set<McpErrorCode>(['MCP_TIMEOUT', 'MCP_SERVER_EXITED']);

/** Constructor options of {@link McpCallError}. */
export interface McpCallErrorOptions {
  readonly mcpCode: McpErrorCode;
  /** The server's name in the `mcpServers` map. */
  readonly serverName: string;
  /** What happened, without the code or server prefix. */
  readonly message: string;
  readonly toolName?: string;
  readonly cause?: unknown;
}

/**
 * A call into an MCP server failed. Its outcome is `EXECUTION_FAILED` with the message
 * `<MCP code>: MCP server "<name>": <what happened>`, so a program and the model can
 * tell the cases apart by the message alone. `retryable` follows from the MCP code
 * (`MCP_TIMEOUT`, `MCP_SERVER_EXITED`).
 */
export class McpCallError extends ToolcellError<'EXECUTION_FAILED'> {
  static override readonly brand: string = '@toolcell/mcp/McpCallError';

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
      retryable: RETRYABLE_CODES.has(options.mcpCode),
      cause: options.cause,
    });
    this.mcpCode = options.mcpCode;
    this.serverName = options.serverName;
    this.detail = options.message;
  }
}
