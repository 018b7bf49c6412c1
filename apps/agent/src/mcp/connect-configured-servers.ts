import { pathToFileURL } from 'node:url';
import type { QuestionAsker } from '@toolcell/demo-tools';
import type { McpAuthorizationRequest, McpServersHandle } from '@toolcell/mcp';
import { connectMcpServers } from '@toolcell/mcp/node';
import type { ToolRegistry } from '@toolcell/registry';
import type { AgentSettings } from '../config/agent-settings.js';
import { elicitByQuestions } from './elicit-by-questions.js';

/**
 * Import the configuration's `mcpServers` into the agent's registry, beside the demo
 * tools (never those held back for want of consent: `settings.heldMcpServers`). A server
 * that cannot start does not stop the agent; the runtime reports it (`mcp_server`).
 * `undefined` when none are configured. The servers' root is the workspace; their
 * elicitations are put to the person at the host through `ask` (the handler
 * `ask_user_question` uses); sampling is not offered. A server with `oauth` that needs a
 * person to sign in asks through `authorize` (at a terminal); without it, stored tokens are
 * used and such a server fails with `MCP_UNAUTHORIZED`.
 */
export async function connectConfiguredServers(
  settings: AgentSettings,
  registry: ToolRegistry,
  ask: QuestionAsker,
  authorize?: (request: McpAuthorizationRequest) => void,
): Promise<McpServersHandle | undefined> {
  if (Object.keys(settings.mcpServers).length === 0) return undefined;
  return connectMcpServers(settings.mcpServers, {
    registry,
    clientInfo: { name: 'toolcell-agent', version: '0.1.0' },
    elicit: elicitByQuestions(ask),
    roots: [{ uri: pathToFileURL(settings.workspace).href, name: 'workspace' }],
    ...(authorize === undefined ? {} : { authorize }),
  });
}
