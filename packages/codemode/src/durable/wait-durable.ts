import type { ToolOutput } from '@toolcell/core';
import { ToolFailure, errorMessage } from '@toolcell/core';
import type { Scope } from '@toolcell/registry';
import type { Cell } from '../cell.js';
import type { CodeModeContext } from '../code-mode-context.js';
import type { CellSummary } from '../code-mode-events.js';
import type { CodeModeSession } from '../code-mode-session.js';
import { deliverReport } from '../deliver-report.js';
import type { ExecReport } from '../exec-report.js';
import { durableKey } from '../live-cell.js';
import type { CodeModeDurable } from './code-mode-durable.js';
import { DurableCellError } from './durable-cell-error.js';
import { execReportOf, resumeStoredCell } from './resume-stored-cell.js';

/** What `wait` asks of a session's cell with a durable store. */
export interface WaitDurableRequest {
  readonly scope: Scope;
  readonly session: CodeModeSession;
  readonly cellId: string;
  /** The live cell, when it is live here but was suspended while nobody observed it. */
  readonly live: Cell | undefined;
  readonly terminate: boolean;
  readonly hostContext: unknown;
  readonly maxTokens: number;
}

/**
 * `wait` on a cell that is not live here, or was suspended: the store says how it stands now
 * (its batch may have been decided meanwhile, in any process). Answers the undecided
 * approvals, its end, or — with `terminate` — its approvals denied and the cell ended; or
 * the live cell to observe (resumed here, its batch decided). What a suspended live cell
 * printed unobserved goes with that answer. `undefined`: the store has no such cell.
 */
export async function waitDurable(context: CodeModeContext, request: WaitDurableRequest): Promise<{ readonly output: ToolOutput } | { readonly cell: Cell } | undefined> {
  const { session, cellId, live, terminate } = request;
  const carried = live?.take();
  // Another observation is in progress: its answer is the live cell's (a busy error).
  if (live !== undefined && carried === undefined) return { cell: live };
  if (carried !== undefined) session.close(cellId, 'completed');
  else if (terminate && session.closedAs(cellId) === 'terminated') return undefined;
  const kept = carried && !terminate ? { output: carried.output, notes: carried.notes ?? [] } : undefined;
  const stored = await storedCell(context, request, kept);
  if (stored === undefined) return carried === undefined ? undefined : { output: await deliverReport(context, carried, request.maxTokens) };
  if ('cell' in stored) return stored;
  const { report } = stored;
  if (report.status !== 'awaiting_approval') session.close(cellId, report.status === 'terminated' ? 'terminated' : 'completed');
  const answer = kept && report.status === 'awaiting_approval' ? { ...report, ...kept, wallMs: carried?.wallMs ?? 0 } : report;
  return { output: await deliverReport(context, answer, request.maxTokens) };
}

/** The suspended cells of the session in the durable store; a failing store lists none (the live ones are listed). */
export async function listStoredCells(durable: CodeModeDurable, scope: Scope, session: string, live: readonly CellSummary[]): Promise<CellSummary[]> {
  try {
    await durable.sweepIfDue();
    return await durable.list(scope, session, new Set(live.map((cell) => cell.cellId)));
  } catch {
    return [];
  }
}

/** The store's cell: its report, or the live cell it became (resumed here); `undefined`: none. */
async function storedCell(context: CodeModeContext, request: WaitDurableRequest, carried: { readonly output: ExecReport['output']; readonly notes: readonly string[] } | undefined): Promise<{ report: ExecReport } | { cell: Cell } | undefined> {
  const { scope, session, cellId } = request;
  const durable = context.durable;
  if (durable === undefined) return undefined;
  try {
    if (request.terminate) {
      const key = durableKey(scope, session, cellId);
      if ((await durable.cells.read(key)) === undefined) return undefined;
      return { report: execReportOf(cellId, await durable.cells.terminate(key, 'terminated')) };
    }
    const stored = await resumeStoredCell(context, scope, cellId, { hostContext: request.hostContext, ...(carried === undefined ? {} : { carried }) });
    if (stored.kind === 'missing') return undefined;
    return stored.kind === 'live' ? { cell: stored.cell } : { report: stored.report };
  } catch (error) {
    if (DurableCellError.isInstance(error)) throw new ToolFailure({ code: 'EXECUTION_FAILED', message: `${error.code}: ${error.message}` });
    throw new ToolFailure({ code: 'EXECUTION_FAILED', message: `The durable store could not give cell "${cellId}": ${errorMessage(error)}` });
  }
}
