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
import { describeStoreLocation } from '../config/store-location.js';
import type { DurableRun } from '../durable/durable-run.js';
import { openDurableRun, pendingApprovals, resumeSuspendedCells, savedRun } from '../durable/durable-run.js';
import { forgetConversation, saveConversation } from '../durable/saved-conversation.js';
import { jsonLinesSink } from './json-lines.js';

/** What the scripted model says when it was given no scenario. */
export const NO_SCRIPT_TEXT =
  'I am the built-in scripted model and no scenario was given: pass --script FILE to script my answers, or --provider openai|openai-responses|anthropic|gemini|openai-compatible to use a real model.';

/**
 * `toolcell run --task "…"`: the agent loop. Progress goes to stderr and the final answer
 * to stdout; with `--json`, the transcript goes to stdout as JSON Lines. With a store, a
 * run whose programs wait for approvals saves its conversation beside the store and says
 * how to go on; `--resume SESSION` resumes those programs and the conversation.
 */
export async function runCommand(line: CommandLine, io: CliIo): Promise<number> {
  const given = stringOption(line, 'task');
  const resume = stringOption(line, 'resume');
  if (resume !== undefined && given !== undefined) {
    throw new ConfigurationError({ setting: '--task', message: 'does not go with --resume: the resumed run goes on with the task it was given.' });
  }
  if (resume === undefined && (given === undefined || given.trim() === '')) {
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
  const durable = await openDurableRun({ settings, resume, environment: io.environment });
  const task = durable?.saved?.task ?? given!;
  try {
    const runtime = await AgentRuntime.create({ settings, transcript, prompts: processTerminalPrompts(), ...(durable === undefined ? {} : { durable: durable.cells }) });
    if (!json) printMcpProgress(runtime.mcpServers, (text) => io.stderr.write(`${text}\n`));
    try {
      const system = durable?.saved?.system ?? runtime.systemPrompt();
      const conversation = client.startConversation({ system, task, ...(durable?.saved === undefined ? {} : { history: durable.saved.history }) });
      if (durable?.saved !== undefined) {
        const news = await resumeSuspendedCells(runtime, durable, transcript);
        if (news.length === 0) {
          const waiting = await pendingApprovals(runtime, durable);
          if (waiting.length > 0) {
            transcript({ type: 'approvals_pending', session: durable.session, approvals: waiting });
            if (!json) io.stderr.write(waitingHint(durable, waiting.length, 'Nothing was decided since the run stopped'));
            return 0;
          }
        }
        for (const message of news) conversation.addUserMessage(message);
      }
      // Whatever ended the run, programs waiting in the store keep their conversation to go on with.
      const keepWaiting = async (why: string): Promise<void> => {
        if (durable === undefined) return;
        const waiting = await pendingApprovals(runtime, durable);
        if (waiting.length > 0) {
          saveConversation(durable.conversations, savedRun({ session: durable.session, provider: settings.provider, model: client.model, mode: settings.mode, task, system, history: conversation.history() }));
          transcript({ type: 'approvals_pending', session: durable.session, approvals: waiting });
          if (!json) io.stderr.write(waitingHint(durable, waiting.length, why));
        } else if (durable.saved !== undefined) {
          forgetConversation(durable.conversations, durable.session);
        }
      };
      let summary;
      try {
        summary = await runAgent({ runtime, client, task, transcript, maxTurns: settings.maxTurns, conversation });
      } catch (error) {
        await keepWaiting('The run failed').catch(() => undefined);
        throw error;
      }
      if (!json) io.stdout.write(`${summary.text}\n`);
      await keepWaiting('The run stopped');
      return 0;
    } finally {
      await runtime.close();
    }
  } finally {
    await durable?.opened.close();
  }
}

/** How to go on with a run whose programs wait for approvals. */
function waitingHint(durable: DurableRun, count: number, why: string): string {
  const store = describeStoreLocation(durable.opened.location);
  const session = durable.session;
  return (
    `${why}: ${count === 1 ? '1 approval' : `${count} approvals`} of session ${session} ${count === 1 ? 'waits' : 'wait'} in the store.\n` +
    `  see them:     toolcell approvals list --store ${store} --session ${session}\n` +
    `  decide:       toolcell approvals approve ID… | deny ID… --reason TEXT --store ${store}\n` +
    `  then go on:   toolcell run --resume ${session} --store ${store}\n`
  );
}
