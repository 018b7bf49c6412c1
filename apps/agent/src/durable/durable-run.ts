import type { ToolMode } from '@toolcell/core';
import { ConfigurationError, isCodeMode, wireText } from '@toolcell/core';
import type { DurableApprovalView, DurableCellReport, ExecReport } from '@toolcell/codemode';
import { renderExecReport } from '@toolcell/codemode';
import { loadTokenCounter } from '@toolcell/sdkgen';
import type { AgentRuntime } from '../agent/agent-runtime.js';
import type { DurableCellSettings } from '../agent/code-mode-plugin.js';
import type { TranscriptPendingApproval, TranscriptSink } from '../agent/transcript-event.js';
import type { AgentSettings } from '../config/agent-settings.js';
import type { OpenedStore } from './open-durable-store.js';
import { openDurableStore, trustedStore } from './open-durable-store.js';
import type { SavedConversation } from './saved-conversation.js';
import { conversationDirectory, loadConversation, newRunSession } from './saved-conversation.js';
import { loadSealKeys } from './seal-keys.js';

/** A run with a durable store: its session, the store, and (with `--resume`) the conversation it goes on with. */
export interface DurableRun {
  readonly opened: OpenedStore;
  readonly cells: DurableCellSettings;
  /** The run's session: its code-mode session in the store, and what `--resume` takes. */
  readonly session: string;
  /** Where the run's conversation is saved when it ends with approvals pending. */
  readonly conversations: string;
  readonly saved: SavedConversation | undefined;
}

/** The most text of a resumed program's report the model reads (as `exec`'s default budget). */
const RESUMED_REPORT_TOKENS = 10_000;

/**
 * Open the run's store (`--store`, or `store` in a trusted configuration) and, with
 * `--resume SESSION`, the conversation that run saved. `undefined` without a store.
 *
 * @throws ConfigurationError for `--resume` without a store, a store in direct mode, unusable
 *   seal keys, an unknown session, or a provider or mode other than the saved run's.
 */
export async function openDurableRun(options: { readonly settings: AgentSettings; readonly resume: string | undefined; readonly environment: NodeJS.ProcessEnv }): Promise<DurableRun | undefined> {
  const { settings, resume } = options;
  const location = trustedStore(settings);
  if (location === undefined) {
    if (resume !== undefined) throw new ConfigurationError({ setting: '--resume', message: 'needs --store: the store of the run whose program waited for approvals.' });
    return undefined;
  }
  if (!isCodeMode(settings.mode)) {
    throw new ConfigurationError({ setting: '--store', message: `needs a code mode (--mode code_mode or code_mode_only): only programs wait in a store for approvals, and ${settings.mode} runs none.` });
  }
  const keys = loadSealKeys(location, options.environment);
  const conversations = conversationDirectory(location, options.environment);
  const saved = resume === undefined ? undefined : loadConversation(conversations, resume);
  if (saved !== undefined) sameAsSaved(saved, settings);
  const opened = await openDurableStore(location);
  const session = saved?.session ?? newRunSession();
  return { opened, cells: { store: opened.store, keys, session }, session, conversations, saved };
}

function sameAsSaved(saved: SavedConversation, settings: AgentSettings): void {
  if (saved.provider !== settings.provider) {
    throw new ConfigurationError({ setting: '--provider', message: `is ${settings.provider}, but session ${saved.session} talked to ${saved.provider} (its conversation is in that provider's format); pass --provider ${saved.provider}.` });
  }
  if (saved.mode !== settings.mode) {
    throw new ConfigurationError({ setting: '--mode', message: `is ${settings.mode}, but session ${saved.session} ran in ${saved.mode}; pass --mode ${saved.mode}.` });
  }
}

/** The approvals the run's session waits for (none: nothing to save). */
export async function pendingApprovals(agent: AgentRuntime, run: DurableRun): Promise<TranscriptPendingApproval[]> {
  const durable = agent.codeModeTools?.durable;
  if (durable === undefined) return [];
  return (await durable.pending({ session: run.session })).map(transcriptApproval);
}

function transcriptApproval(approval: DurableApprovalView): TranscriptPendingApproval {
  return { approvalId: approval.approvalId, toolName: approval.toolName, args: approval.args, cellId: approval.cellId, expiresAt: approval.expiresAt };
}

/**
 * `--resume`: continue every cell of the session that is suspended in the store, with the
 * decisions recorded so far (each approved call runs once; undecided ones stay parked), and
 * return what the model is told — one message per cell that moved on.
 */
export async function resumeSuspendedCells(agent: AgentRuntime, run: DurableRun, transcript: TranscriptSink): Promise<string[]> {
  const durable = agent.codeModeTools?.durable;
  if (durable === undefined) return [];
  const suspended = (await run.opened.store.listCells({ session: run.session })).filter((cell) => cell.status === 'suspended');
  if (suspended.length === 0) {
    throw new ConfigurationError({ setting: '--resume', message: `session ${run.session} has no program waiting in the store (resumed already, terminated, or expired and swept); start a new run.` });
  }
  const countTokens = await loadTokenCounter();
  const messages: string[] = [];
  for (const cell of suspended) {
    const waiting = new Set(cell.approvals.map((approval) => approval.approvalId));
    const report = await durable.resume(cell.key);
    // Still parked at the very same approvals: nothing was decided, nothing to tell.
    if (report.status === 'suspended' && report.pendingApprovals.length === waiting.size && report.pendingApprovals.every((approval) => waiting.has(approval.approvalId))) continue;
    const wire = wireText(renderExecReport(execReportOf(report), { maxOutputTokens: RESUMED_REPORT_TOKENS, countTokens }).wire);
    const message = `The approvals that exec cell ${report.key.cell} waited for were decided, and its program went on where it stopped (sent by the host):\n${wire}`;
    transcript({ type: 'cell_resume', cellId: report.key.cell, status: report.status === 'suspended' ? 'awaiting_approval' : report.status, message });
    messages.push(message);
  }
  return messages;
}

function execReportOf(report: DurableCellReport): ExecReport {
  const base = { cellId: report.key.cell, wallMs: 0, output: report.output };
  if (report.status === 'suspended') return { ...base, status: 'awaiting_approval', pendingApprovals: report.pendingApprovals };
  return {
    ...base,
    status: report.status,
    ...(report.returnValue === undefined ? {} : { returnValue: report.returnValue }),
    ...(report.error === undefined ? {} : { error: report.error as ExecReport['error'] & object }),
  };
}

/** What the run's saved conversation says about how it ran. */
export function savedRun(options: { session: string; provider: SavedConversation['provider']; model: string; mode: ToolMode; task: string; system: string; history: unknown[] }): SavedConversation {
  return { version: 1, ...options, savedAt: new Date().toISOString() };
}
