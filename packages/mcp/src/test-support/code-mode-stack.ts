// A whole served stack for tests: registry, runtime with elicitation approval, Code Mode
// in the in-process sandbox, the fixture MCP server imported, and one built-in tool that
// needs approval.
import type { ToolMode } from '@toolcell/core';
import { textOutput } from '@toolcell/core';
import type { ApprovalHandler } from '@toolcell/executor';
import type { ToolRegistry } from '@toolcell/registry';
import type { McpServersHandle } from '../client/connect-mcp-servers.js';
import { connectMcpServers } from '../client/connect-mcp-servers.js';
import type { CodeModeMcpServer } from '../server/create-code-mode-mcp-server.js';
import { createCodeModeMcpServer } from '../server/create-code-mode-mcp-server.js';
import { ElicitationApproval } from '../server/elicitation-approval.js';
import { codeModeParts } from './code-mode-parts.js';
import { fixtureServer } from './servers.js';

export interface CodeModeStack {
  readonly registry: ToolRegistry;
  readonly imported: McpServersHandle;
  readonly server: CodeModeMcpServer;
  /** Shut Code Mode, the sandbox and the imported servers down. */
  close(): Promise<void>;
}

export interface CodeModeStackOptions {
  readonly mode?: ToolMode;
  readonly fallback?: ApprovalHandler;
  /** Turn cells on with this live-cell limit (per session). */
  readonly maxLiveCells?: number;
}

export async function createCodeModeStack(options: CodeModeStackOptions = {}): Promise<CodeModeStack> {
  const approval = new ElicitationApproval({ fallback: options.fallback });
  const cells = options.maxLiveCells === undefined ? undefined : { maxLiveCells: options.maxLiveCells };
  const parts = codeModeParts(options.mode ?? 'code_mode_only', { approval, ...(cells ? { cells } : {}) });
  const { registry, runtime, codeMode } = parts;
  registry.register({
    kind: 'function',
    name: 'launch_rocket',
    description: 'Launches the rocket (asks first).',
    inputSchema: { type: 'object', properties: { target: { type: 'string' } }, required: ['target'] },
    needsApproval: true,
    execute: (input) => textOutput(`launched to ${String(input.target)}`),
  });
  codeMode.install();
  const imported = await connectMcpServers({ fixture: fixtureServer() }, { registry });
  const server = createCodeModeMcpServer({ registry, runtime, codeMode, approval });
  return {
    registry,
    imported,
    server,
    close: async () => {
      await server.close();
      await parts.shutdown();
      await imported.close();
    },
  };
}
