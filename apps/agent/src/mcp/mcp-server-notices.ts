import type { McpServerConfig, McpServersHandle } from '@toolcell/mcp';
import { isStdioServerConfig } from '@toolcell/mcp';
import type { McpServerEvent, TranscriptSink } from '../agent/transcript-event.js';
import type { AgentSettings } from '../config/agent-settings.js';

/** How to consent to a workspace's servers, as every notice about them says it. */
export const TRUST_HINT =
  "rerun with --trust-workspace-servers to start the workspace's servers, or put them in a configuration outside the workspace and pass --config FILE";

/** What starting a server would do, for the person deciding whether to allow it. */
export function describeServer(config: McpServerConfig): string {
  return isStdioServerConfig(config) ? `would run ${JSON.stringify([config.command, ...(config.args ?? [])].join(' '))}` : `would connect to ${config.url}`;
}

/**
 * The configured servers whose tools are missing, as transcript events: those the
 * workspace's configuration names and nobody consented to (never started), and those that
 * failed to start.
 */
export function mcpServerNotices(settings: AgentSettings, servers: McpServersHandle | undefined): McpServerEvent[] {
  const held = Object.entries(settings.heldMcpServers).map(
    ([name, config]): McpServerEvent => ({
      type: 'mcp_server',
      name,
      state: 'not_started',
      message: `not started: it comes from ${settings.configFile ?? 'the configuration'}, inside the workspace, and ${describeServer(config)}; ${TRUST_HINT}.`,
    }),
  );
  const failed = (servers?.status() ?? [])
    .filter((status) => status.state === 'failed')
    .map(
      (status): McpServerEvent => ({
        type: 'mcp_server',
        name: status.name,
        state: 'failed',
        message: `failed to start (${status.error ?? 'no reason given'}); its tools (mcp__${status.name}__…) are not available.`,
      }),
    );
  return [...held, ...failed];
}

/** One line for people: `mcp server files: failed to start (…); …`. */
export function mcpServerLine(event: McpServerEvent): string {
  return `mcp server ${event.name}: ${event.message}`;
}

/** `sink`, and each `mcp_server` event as a line on `stderr` too (where `--json` sends the transcript elsewhere). */
export function withMcpServerLines(sink: TranscriptSink, stderr: NodeJS.WritableStream): TranscriptSink {
  return (event) => {
    sink(event);
    if (event.type === 'mcp_server') stderr.write(`${mcpServerLine(event)}\n`);
  };
}
