import type { Scope } from '@toolcell/registry';
import type { Cell, CellRun } from '../cell.js';
import type { CodeModeContext } from '../code-mode-context.js';
import type { ExecReport } from '../exec-report.js';
import { durableKey, startLiveCell } from '../live-cell.js';
import type { DurableCellReport } from './durable-cell-report.js';

/** A cell of the durable store as `wait` meets it: not there, a report to answer, or resumed here as a live cell. */
export type StoredCell = { readonly kind: 'missing' } | { readonly kind: 'report'; readonly report: ExecReport } | { readonly kind: 'live'; readonly cell: Cell };

/**
 * Look up a session's cell in the durable store. A suspended cell whose whole batch is
 * decided goes on here, as a live cell of the session (its lease held while it runs: a
 * second resumer anywhere gets the store's state, never a second run); one still waiting
 * answers its undecided approvals; an ended one its final report.
 *
 * @throws DurableCellError `DURABLE_CELL_EXPIRED` for a suspended cell past its expiry.
 */
export async function resumeStoredCell(context: CodeModeContext, scope: Scope, cellId: string, options: { readonly hostContext?: unknown; readonly carried?: CellRun['carried'] } = {}): Promise<StoredCell> {
  const durable = context.durable;
  if (durable === undefined) return { kind: 'missing' };
  const session = context.sessions.of(scope);
  const live = session.get(cellId);
  if (live !== undefined) return { kind: 'live', cell: live };
  await durable.sweepIfDue();
  const report = await durable.cells.read(durableKey(scope, session, cellId));
  if (report === undefined) return { kind: 'missing' };
  if (report.status !== 'suspended' || report.pendingApprovals.length > 0) return { kind: 'report', report: execReportOf(cellId, report) };
  // Awaited above: another wait or a decision may have resumed it meanwhile.
  const meanwhile = session.get(cellId);
  if (meanwhile !== undefined) return { kind: 'live', cell: meanwhile };
  await durable.refreshValues(session);
  const again = session.get(cellId);
  if (again !== undefined) return { kind: 'live', cell: again };
  const execCallId = report.execCallId ?? cellId;
  const cell = startLiveCell(context, { scope, session, cellId, execCallId, hostContext: options.hostContext, ...(options.carried === undefined ? {} : { carried: options.carried }) });
  context.events.emit('cell-resume', cell.info);
  return { kind: 'live', cell };
}

/** A durable cell's report as one observation of it. */
export function execReportOf(cellId: string, report: DurableCellReport): ExecReport {
  if (report.status === 'suspended') return { status: 'awaiting_approval', cellId, wallMs: 0, output: [], pendingApprovals: report.pendingApprovals };
  return {
    status: report.status,
    cellId,
    wallMs: report.stats?.wallMs ?? 0,
    output: report.output,
    ...(report.returnValue === undefined ? {} : { returnValue: report.returnValue }),
    ...(report.error === undefined ? {} : { error: report.error }),
  };
}
