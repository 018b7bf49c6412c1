import { ConfigurationError } from '@toolcell/core';
import type { CodeModeMcpServer } from '@toolcell/mcp';
import { ElicitationApproval, createCodeModeMcpServer } from '@toolcell/mcp';
import { serveStdio, serveStreamableHttp } from '@toolcell/mcp/node';
import type { SealKeys } from '@toolcell/sandbox';
import { AgentRuntime } from '../agent/agent-runtime.js';
import type { CliIo } from '../cli/cli-io.js';
import type { CommandLine } from '../cli/command-line.js';
import { settingsFromCommandLine } from '../cli/load-settings.js';
import type { AgentSettings } from '../config/agent-settings.js';
import type { OpenedStore } from '../durable/open-durable-store.js';
import { openDurableStore, trustedStore } from '../durable/open-durable-store.js';
import { loadSealKeys } from '../durable/seal-keys.js';
import { mcpPendingApprovalsNote } from '../mcp/mcp-pending-approvals-note.js';
import { withMcpServerLines } from '../mcp/mcp-server-notices.js';
import { mcpServerHttpOptions } from './mcp-server-http-options.js';

/** Why a call needing approval is denied for an MCP client that cannot be asked, and what its user can do. */
export function mcpNoPromptReason(toolName: string): string {
  return (
    `${toolName} needs approval, and this MCP client cannot be asked (it does not support elicitation), so the server's --approve setting decides: ask denies. ` +
    `To allow it, whoever starts toolcell mcp-server (your MCP client's configuration) adds --approve all, or sets approvals.tools.${toolName} to "all" in the toolcell configuration; or use a client that supports elicitation`
  );
}

function ended(stream: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
  });
}

/**
 * `toolcell mcp-server [--http PORT …]`: serve the agent's registry as a code-mode MCP
 * server, over stdio (until stdin ends) or Streamable HTTP on 127.0.0.1 (until SIGINT or
 * SIGTERM). Over stdio nothing but MCP is written to stdout.
 */
export async function mcpServerCommand(line: CommandLine, io: CliIo, stop: Promise<unknown>): Promise<number> {
  const settings = settingsFromCommandLine(line, io, { mode: 'code_mode_only' });
  if (settings.mode === 'direct') {
    throw new ConfigurationError({ setting: '--mode', message: 'direct has no exec tool; use code_mode or code_mode_only.' });
  }
  const httpOptions = mcpServerHttpOptions(line);
  // With a store, calls nobody can be asked about now wait there (deferred) instead of being denied.
  const location = trustedStore(settings);
  const keys = location === undefined ? undefined : loadSealKeys(location, io.environment);
  const opened = location === undefined ? undefined : await openDurableStore(location);
  try {
    return await serve({ io, stop, settings, httpOptions, durable: opened === undefined ? undefined : { opened, keys: keys! } });
  } finally {
    await opened?.close();
  }
}

async function serve(options: {
  readonly io: CliIo;
  readonly stop: Promise<unknown>;
  readonly settings: AgentSettings;
  readonly httpOptions: ReturnType<typeof mcpServerHttpOptions>;
  readonly durable: { readonly opened: OpenedStore; readonly keys: SealKeys } | undefined;
}): Promise<number> {
  const { io, stop, settings, httpOptions, durable } = options;
  let approval: ElicitationApproval | undefined;
  let server: CodeModeMcpServer | undefined;
  // The client's user is asked first (elicitation); --approve decides for clients that cannot ask.
  const agent = await AgentRuntime.create({
    settings,
    // Over stdio, stdout carries MCP only: the missing servers are told on stderr.
    transcript: withMcpServerLines(() => undefined, io.stderr),
    prompts: undefined,
    wrapApproval: (policy) => (approval = new ElicitationApproval({ fallback: policy })),
    noPromptReason: mcpNoPromptReason,
    ...(durable === undefined ? {} : { durable: { store: durable.opened.store, keys: durable.keys } }),
    // ask_user_question asks the client's user by elicitation (it is listed only to clients that can).
    ask: async (question, signal, call) => (call === undefined ? undefined : server?.askClient({ callId: call.callId, question: question.question, options: question.options, signal })),
  });
  try {
    const codeMode = agent.codeModeTools;
    if (!codeMode) throw new ConfigurationError({ setting: '--mode', message: 'the MCP server needs a code mode.' });
    server = createCodeModeMcpServer({
      registry: agent.registry,
      runtime: agent.runtime,
      codeMode,
      scope: agent.scope,
      approval,
      serverInfo: { name: 'toolcell', version: '0.1.0' },
      elicitationTools: ['ask_user_question'],
      // The imported servers' progress and log messages about a client's calls reach that client.
      ...(agent.mcpServers === undefined ? {} : { importedServers: agent.mcpServers }),
      ...(durable === undefined ? {} : { pendingApprovalsNote: mcpPendingApprovalsNote(durable.opened.location) }),
    });
    if (httpOptions === undefined) {
      const done = ended(io.stdin);
      await serveStdio(server, { stdin: io.stdin, stdout: io.stdout });
      await Promise.race([done, stop]);
      await server.close();
    } else {
      const endpoint = await serveStreamableHttp(server, httpOptions);
      io.stderr.write(`toolcell mcp-server listening on ${endpoint.url}\n`);
      await stop;
      await endpoint.close();
    }
    return 0;
  } finally {
    await agent.close();
  }
}
