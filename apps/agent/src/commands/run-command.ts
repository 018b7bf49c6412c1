import { resolve } from 'node:path';
import { ConfigurationError } from '@toolcell/core';
import { AgentRuntime } from '../agent/agent-runtime.js';
import { runAgent } from '../agent/agent-loop.js';
import { processTerminalPrompts } from '../agent/terminal-prompts.js';
import type { TranscriptSink } from '../agent/transcript-event.js';
import type { CliIo } from '../cli/cli-io.js';
import type { CommandLine } from '../cli/command-line.js';
import { booleanOption, stringOption } from '../cli/command-line.js';
import { settingsFromCommandLine } from '../cli/load-settings.js';
import { createProgressPrinter } from '../cli/progress-printer.js';
import { printMcpProgress } from '../mcp/mcp-progress-line.js';
import { withMcpServerLines } from '../mcp/mcp-server-notices.js';
import { createModelClient } from '../model/create-model-client.js';
import type { ScriptedResponder } from '../model/scripted/scripted-responder.js';
import { scenarioResponder } from '../model/scripted/scripted-responder.js';
import { loadScenario } from '../scenario/parse-scenario.js';
import { jsonLinesSink } from './json-lines.js';

/** What the scripted model says when it was given no scenario. */
export const NO_SCRIPT_TEXT =
  'I am the built-in scripted model and no scenario was given: pass --script FILE to script my answers, or --provider openai|openai-responses|anthropic|gemini|openai-compatible to use a real model.';

/**
 * `toolcell run --task "…"`: the agent loop. Progress goes to stderr and the final answer
 * to stdout; with `--json`, the transcript goes to stdout as JSON Lines.
 */
export async function runCommand(line: CommandLine, io: CliIo): Promise<number> {
  const task = stringOption(line, 'task');
  if (task === undefined || task.trim() === '') {
    throw new ConfigurationError({ setting: '--task', message: 'is required; say what the agent should do, e.g. --task "list the files".' });
  }
  const settings = settingsFromCommandLine(line, io);
  const script = stringOption(line, 'script');
  if (script !== undefined && settings.provider !== 'scripted') {
    throw new ConfigurationError({ setting: '--script', message: `plays a scenario for the scripted model only; drop it or use --provider scripted (not ${settings.provider}).` });
  }
  const responder: ScriptedResponder =
    script === undefined ? () => ({ index: undefined, text: NO_SCRIPT_TEXT, toolCalls: [] }) : scenarioResponder(loadScenario(resolve(io.cwd, script)));
  const client = await createModelClient({
    settings,
    responder,
    environment: io.environment,
    stream: booleanOption(line, 'stream'),
  });
  const json = booleanOption(line, 'json') ?? false;
  const transcript: TranscriptSink = json
    ? withMcpServerLines(jsonLinesSink(io.stdout), io.stderr)
    : createProgressPrinter({ write: (text) => io.stderr.write(`${text}\n`), showText: true });
  const runtime = await AgentRuntime.create({ settings, transcript, prompts: processTerminalPrompts() });
  if (!json) printMcpProgress(runtime.mcpServers, (text) => io.stderr.write(`${text}\n`));
  try {
    const summary = await runAgent({ runtime, client, task, transcript, maxTurns: settings.maxTurns });
    if (!json) io.stdout.write(`${summary.text}\n`);
    return 0;
  } finally {
    await runtime.close();
  }
}
