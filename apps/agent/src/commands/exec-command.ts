import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CallOutcome, JsonValue } from '@toolcell/core';
import { ConfigurationError, MODEL_SOURCE, wireText } from '@toolcell/core';
import { AgentRuntime } from '../agent/agent-runtime.js';
import { processTerminalPrompts } from '../agent/terminal-prompts.js';
import type { CallEndTranscriptEvent, McpServerEvent, TranscriptEvent } from '../agent/transcript-event.js';
import type { CliIo } from '../cli/cli-io.js';
import type { CommandLine } from '../cli/command-line.js';
import { booleanOption } from '../cli/command-line.js';
import { settingsFromCommandLine } from '../cli/load-settings.js';
import { createProgressPrinter } from '../cli/progress-printer.js';
import { printMcpProgress } from '../mcp/mcp-progress-line.js';
import { mcpServerLine } from '../mcp/mcp-server-notices.js';

/** What `exec --json` prints. */
export interface ExecReportJson {
  readonly status: 'ok' | 'error';
  readonly code?: string;
  readonly message?: string;
  /** The typed result (what a program would get) and the text the model would read. */
  readonly output: { readonly result: JsonValue; readonly text: string };
  /** The nested calls the program made, in the order they ended. */
  readonly calls: readonly Omit<CallEndTranscriptEvent, 'type'>[];
  /** Configured MCP servers whose tools are missing: failed to start, or not started (the workspace's, without consent). */
  readonly mcpServers: readonly Omit<McpServerEvent, 'type'>[];
}

async function readProgram(source: string, io: CliIo): Promise<string> {
  if (source === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(resolve(io.cwd, source), 'utf8');
  } catch (error) {
    throw new ConfigurationError({ setting: source, message: `cannot be read (${(error as Error).message}); pass a program file, or - for stdin.`, cause: error });
  }
}

/** The `--json` report of an exec outcome and its nested calls. */
export function execReport(outcome: CallOutcome, calls: readonly CallEndTranscriptEvent[], servers: readonly McpServerEvent[] = []): ExecReportJson {
  return {
    status: outcome.status,
    ...(outcome.status === 'error' ? { code: outcome.code, message: outcome.message } : {}),
    output: { result: outcome.output.result.value, text: wireText(outcome.output.wire) },
    calls: calls.map(({ type: _type, ...call }) => call),
    mcpServers: servers.map(({ type: _type, ...server }) => server),
  };
}

/**
 * `toolcell exec FILE|-`: run one program as the model would through `exec`, in the
 * agent's registry, executor and sandbox. Exit 0 when it succeeds, 1 when it fails.
 */
export async function execCommand(line: CommandLine, io: CliIo): Promise<number> {
  const file = line.positionals[0];
  if (file === undefined) {
    throw new ConfigurationError({ setting: 'FILE', message: 'is required; pass a program file, or - to read the program from stdin.' });
  }
  const settings = settingsFromCommandLine(line, io, { mode: 'code_mode_only' });
  if (settings.mode === 'direct') {
    throw new ConfigurationError({ setting: '--mode', message: 'direct has no exec tool; use code_mode or code_mode_only.' });
  }
  const program = await readProgram(file, io);
  const json = booleanOption(line, 'json') ?? false;
  const calls: CallEndTranscriptEvent[] = [];
  const progress = createProgressPrinter({ write: (text) => io.stderr.write(`${text}\n`) });
  const servers: McpServerEvent[] = [];
  const transcript = (event: TranscriptEvent) => {
    if (event.type === 'call_end' && event.parentCallId !== undefined) calls.push(event);
    if (event.type === 'mcp_server') servers.push(event);
    if (!json) progress(event);
    else if (event.type === 'mcp_server') io.stderr.write(`${mcpServerLine(event)}\n`);
  };
  const runtime = await AgentRuntime.create({ settings, transcript, prompts: processTerminalPrompts() });
  if (!json) printMcpProgress(runtime.mcpServers, (text) => io.stderr.write(`${text}\n`));
  try {
    const [pending] = runtime.dispatchModelCalls([{ callId: 'exec_1', name: 'exec', input: program, source: MODEL_SOURCE }]);
    const outcome = await pending!;
    if (json) io.stdout.write(`${JSON.stringify(execReport(outcome, calls, servers), null, 2)}\n`);
    else io.stdout.write(`${wireText(outcome.output.wire)}\n`);
    return outcome.status === 'ok' ? 0 : 1;
  } finally {
    await runtime.close();
  }
}
