// The runtime exports of each @toolcell/mcp entry, pinned: adding or removing one is an API
// decision, never a refactor's side effect. The content mapping and tool naming stay internal.
import { describe, expect, it } from 'vitest';
import * as root from './index.js';
import * as node from './node.js';
import * as test from './test/index.js';

describe('public value exports', () => {
  it.each([
    [
      '(root)',
      root,
      [
        'ElicitationApproval', 'MCP_ERROR_CODES', 'MCP_FALLBACK_OUTPUT_SCHEMA', 'McpCallError',
        'createCodeModeMcpServer', 'isStdioServerConfig', 'parseMcpServersConfig', 'typedMcpResult',
      ],
    ],
    ['node', node, ['DEFAULT_MAX_SESSIONS', 'DEFAULT_SESSION_IDLE_MS', 'connectMcpServers', 'defaultOAuthDirectory', 'serveStdio', 'serveStreamableHttp']],
    ['test', test, ['serveLoopback']],
  ] as const)('%s exports only what a host needs', (_name, entry, expected) => {
    expect(Object.keys(entry).sort()).toEqual([...expected].sort());
  });
});
