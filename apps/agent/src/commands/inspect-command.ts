import { AgentRuntime } from '../agent/agent-runtime.js';
import type { CliIo } from '../cli/cli-io.js';
import type { CommandLine } from '../cli/command-line.js';
import { booleanOption } from '../cli/command-line.js';
import { settingsFromCommandLine } from '../cli/load-settings.js';
import type { McpServerStatus } from '@toolcell/mcp';
import { mcpServerNotices } from '../mcp/mcp-server-notices.js';
import { serverStatusLines } from '../mcp/server-status-lines.js';
import { PROVIDERS } from '../model/providers.js';

/** What `inspect --json` prints. */
export interface InspectReport {
  readonly mode: string;
  readonly provider: string;
  /** The declared names, sorted. */
  readonly tools: readonly string[];
  /** The declarations in the provider's format. */
  readonly declarations: readonly unknown[];
  /** The description of `exec` as declared, or null when `exec` is not declared. */
  readonly execDescription: string | null;
  readonly promptSections: readonly { readonly id: string; readonly text: string }[];
  /** The imported MCP servers: state and tool count of each. */
  readonly mcpServers: readonly McpServerStatus[];
  /** Servers the workspace's configuration names and that were not started (no consent), with what they would run. */
  readonly mcpServersNotStarted: readonly { readonly name: string; readonly message: string }[];
}

/** Build the inspection of the settings' scope. */
export async function inspect(runtime: AgentRuntime): Promise<InspectReport> {
  const declarations = runtime.declarations();
  const exec = declarations.find((declaration) => declaration.name === 'exec');
  return {
    mode: runtime.mode,
    provider: runtime.settings.provider,
    tools: declarations.map((declaration) => declaration.name).sort(),
    declarations: PROVIDERS[runtime.settings.provider].adapter.toTools(declarations),
    execDescription: exec?.description ?? null,
    promptSections: runtime.promptSections().map(({ id, text }) => ({ id, text })),
    mcpServers: runtime.mcpServers?.status() ?? [],
    mcpServersNotStarted: mcpServerNotices(runtime.settings, undefined).map(({ name, message }) => ({ name, message })),
  };
}

/**
 * `toolcell inspect`: what the model would be sent, as text or (`--json`) one JSON object.
 * It starts no server the workspace's own configuration names unless the user consented.
 */
export async function inspectCommand(line: CommandLine, io: CliIo): Promise<number> {
  const settings = settingsFromCommandLine(line, io);
  const runtime = await AgentRuntime.create({ settings, transcript: () => undefined, prompts: undefined });
  try {
    const report = await inspect(runtime);
    if (booleanOption(line, 'json')) {
      io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      return 0;
    }
    const sections = report.promptSections.map((section) => `[${section.id}]\n${section.text === '' ? '(empty in this mode)' : section.text}`);
    io.stdout.write(
      [
        `mode: ${report.mode}    provider: ${report.provider} (${PROVIDERS[settings.provider].format} format)`,
        `declared: ${report.tools.join(', ')}`,
        '',
        '== declarations ==',
        JSON.stringify(report.declarations, null, 2),
        '',
        '== exec description ==',
        report.execDescription ?? '(exec is not declared in this mode)',
        '',
        '== system-prompt sections ==',
        sections.length === 0 ? '(none)' : sections.join('\n\n'),
        '',
        ...(report.mcpServers.length + report.mcpServersNotStarted.length === 0
          ? []
          : ['== MCP servers ==', ...serverStatusLines(report.mcpServers), ...report.mcpServersNotStarted.map(({ name, message }) => `${name}: ${message}`), '']),
      ].join('\n'),
    );
    return 0;
  } finally {
    await runtime.close();
  }
}
