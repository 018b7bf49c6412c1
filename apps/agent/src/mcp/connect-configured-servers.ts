import type { McpServersHandle } from '@toolcell/mcp';
import { connectMcpServers } from '@toolcell/mcp/node';
import type { ToolRegistry } from '@toolcell/registry';
import type { AgentSettings } from '../config/agent-settings.js';

/**
 * Import the configuration's `mcpServers` into the agent's registry, beside the demo
 * tools (never those held back for want of consent: `settings.heldMcpServers`). A server
 * that cannot start does not stop the agent; the runtime reports it (`mcp_server`).
 * `undefined` when none are configured.
 */
export async function connectConfiguredServers(settings: AgentSettings, registry: ToolRegistry): Promise<McpServersHandle | undefined> {
  if (Object.keys(settings.mcpServers).length === 0) return undefined;
  return connectMcpServers(settings.mcpServers, { registry, clientInfo: { name: 'toolcell-agent', version: '0.1.0' } });
}
