import { ConfigurationError, ToolcellError, errorMessage } from '@toolcell/core';
import type { DurableStore, PendingApproval, StoredDecision, StoredDecisionInput } from '@toolcell/durable-store';
import { listPendingApprovals } from '@toolcell/durable-store';
import type { CliIo } from '../cli/cli-io.js';
import type { CommandLine } from '../cli/command-line.js';
import { booleanOption, stringOption } from '../cli/command-line.js';
import { EXIT_CODES } from '../cli/exit-codes.js';
import { settingsFromCommandLine } from '../cli/load-settings.js';
import type { StoreLocation } from '../config/store-location.js';
import { describeStoreLocation } from '../config/store-location.js';
import { openDurableStore, trustedStore } from '../durable/open-durable-store.js';

const ACTIONS = ['list', 'approve', 'deny'] as const;

/** What became of one decision: recorded, refused because another came first, or failed. */
interface DecisionLine {
  readonly approvalId: string;
  readonly recorded: boolean;
  /** The decision that stands (when the approval exists). */
  readonly decision?: StoredDecision;
  readonly error?: { readonly code: string; readonly message: string };
}

function describeDecision(decision: StoredDecisionInput): string {
  return decision.type === 'approve' ? 'approved' : `denied${decision.reason === undefined ? '' : ` (${decision.reason})`}`;
}

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((line) => `${by}${line}`)
    .join('\n');
}

function listText(pending: readonly PendingApproval[], where: string, now: number): string {
  if (pending.length === 0) return `No approvals are pending in ${where}.`;
  const lines = [`${pending.length} approval${pending.length === 1 ? '' : 's'} pending in ${where}:`];
  for (const approval of pending) {
    const expiry = approval.expiresAt <= now ? `expired ${new Date(approval.expiresAt).toISOString()}` : `expires ${new Date(approval.expiresAt).toISOString()}`;
    lines.push(`  ${approval.approvalId}  ${approval.toolName}  (session ${approval.key.session}, cell ${approval.key.cell}, ${expiry})`, indent(String(approval.args), '      '));
  }
  return lines.join('\n');
}

async function decide(store: DurableStore, approvalId: string, decision: StoredDecisionInput): Promise<DecisionLine> {
  try {
    const result = await store.recordDecision(approvalId, decision);
    return { approvalId, recorded: result.recorded, decision: result.decision };
  } catch (error) {
    if (!ToolcellError.isInstance(error)) throw error;
    return { approvalId, recorded: false, error: { code: error.code, message: errorMessage(error) } };
  }
}

function decisionText(line: DecisionLine): string {
  if (line.error !== undefined) return `${line.approvalId}: ${line.error.message} (${line.error.code})`;
  const decision = line.decision!;
  if (line.recorded) return `${line.approvalId}: ${describeDecision(decision.decision)}.`;
  return `${line.approvalId}: already ${describeDecision(decision.decision)} at ${new Date(decision.decidedAt).toISOString()}; the first decision stands and this one was not recorded.`;
}

/** How to go on with the sessions whose approvals were just decided. */
function resumeHints(decided: readonly PendingApproval[], stillPending: readonly PendingApproval[], store: string): string[] {
  const sessions = [...new Set(decided.map((approval) => approval.key.session))];
  return sessions.map((session) => {
    const waiting = stillPending.filter((approval) => approval.key.session === session).length;
    const resume = `toolcell run --resume ${session} --store ${store}`;
    return waiting === 0 ? `Every approval of session ${session} is decided; continue it with: ${resume}` : `Session ${session} still waits for ${waiting} approval${waiting === 1 ? '' : 's'}; ${resume} runs what is decided so far.`;
  });
}

/**
 * `toolcell approvals [list | approve ID… | deny ID… --reason TEXT]`: the approvals that
 * suspended cells wait for, in the store a run or MCP server used — from any process. The
 * first decision on an approval wins; a later one is refused (exit 1) and says which stands.
 */
export async function approvalsCommand(line: CommandLine, io: CliIo): Promise<number> {
  const [action = 'list', ...ids] = line.positionals;
  if (!(ACTIONS as readonly string[]).includes(action)) {
    throw new ConfigurationError({ setting: action, message: `is not an approvals action; use list, approve ID… or deny ID… (toolcell approvals --help).` });
  }
  if (action === 'list' && ids.length > 0) throw new ConfigurationError({ setting: ids[0]!, message: 'is an unexpected argument for toolcell approvals list.' });
  if (action !== 'list' && ids.length === 0) throw new ConfigurationError({ setting: action, message: `needs the ids of the approvals to ${action}; toolcell approvals list shows them.` });
  const reason = stringOption(line, 'reason');
  if (reason !== undefined && action !== 'deny') throw new ConfigurationError({ setting: '--reason', message: 'only applies to toolcell approvals deny.' });
  const settings = settingsFromCommandLine(line, io);
  const location: StoreLocation | undefined = trustedStore(settings);
  if (location === undefined) {
    throw new ConfigurationError({ setting: '--store', message: 'is required: pass the store the run or MCP server used (a directory or a postgres:// URL), or set store in a configuration file.' });
  }
  const json = booleanOption(line, 'json') ?? false;
  const session = stringOption(line, 'session');
  const where = describeStoreLocation(location);
  const opened = await openDurableStore(location);
  try {
    const pending = await listPendingApprovals(opened.store, session === undefined ? {} : { session });
    if (action === 'list') {
      if (json) io.stdout.write(`${JSON.stringify({ store: where, approvals: pending.map((approval) => jsonApproval(approval)) })}\n`);
      else io.stdout.write(`${listText(pending, where, Date.now())}\n`);
      return EXIT_CODES.ok;
    }
    const decision: StoredDecisionInput = action === 'approve' ? { type: 'approve' } : { type: 'deny', ...(reason === undefined ? {} : { reason }) };
    const lines: DecisionLine[] = [];
    for (const approvalId of ids) lines.push(await decide(opened.store, approvalId, decision));
    const failed = lines.some((entry) => !entry.recorded);
    if (json) {
      io.stdout.write(`${JSON.stringify({ store: where, decisions: lines })}\n`);
    } else {
      for (const entry of lines) (entry.recorded ? io.stdout : io.stderr).write(`${decisionText(entry)}\n`);
      const decided = pending.filter((approval) => lines.some((entry) => entry.recorded && entry.approvalId === approval.approvalId));
      const stillPending = await listPendingApprovals(opened.store, session === undefined ? {} : { session });
      for (const hint of resumeHints(decided, stillPending, where)) io.stdout.write(`${hint}\n`);
    }
    return failed ? EXIT_CODES.failed : EXIT_CODES.ok;
  } finally {
    await opened.close();
  }
}

function jsonApproval(approval: PendingApproval): Record<string, unknown> {
  return {
    approvalId: approval.approvalId,
    toolName: approval.toolName,
    args: approval.args,
    session: approval.key.session,
    cellId: approval.key.cell,
    scope: approval.key.scope,
    expiresAt: new Date(approval.expiresAt).toISOString(),
    expired: approval.expiresAt <= Date.now(),
  };
}
