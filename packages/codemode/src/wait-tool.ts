import type { FunctionToolDefinition, JsonObject, ToolOutput } from '@toolcell/core';
import { ToolFailure, errorMessage, toolOutput } from '@toolcell/core';
import type { Scope } from '@toolcell/registry';
import type { Cell } from './cell.js';
import { CellBusyError } from './cell-busy-error.js';
import { ObservationCancelledError } from './observation-cancelled-error.js';
import { formatCellList } from './cell-list.js';
import type { CodeModeContext, ResolvedCells } from './code-mode-context.js';
import { deliverReport } from './deliver-report.js';
import type { CellSummary } from './code-mode-events.js';
import type { CodeModeDurable } from './durable/code-mode-durable.js';
import { DurableCellError } from './durable/durable-cell-error.js';
import { execReportOf, resumeStoredCell } from './durable/resume-stored-cell.js';
import type { ExecReport } from './exec-report.js';
import { durableKey } from './live-cell.js';
import { MAX_YIELD_TIME_MS } from './yield-time.js';

/** Arguments of `wait` (`cell_id`, `yield_time_ms`, `max_tokens`, `terminate`, `list`). */
type WaitArgs = JsonObject;

function missing(cellId: string): ToolOutput {
  return toolOutput({
    result: { status: 'missing', cell_id: cellId },
    wire: `No live cell "${cellId}": it finished and was already reported, was terminated, or never existed. wait never runs code again; start a new exec if you need to.`,
  });
}

/** Build the `wait` control tool (declared only when cells are on; never callable from a program). */
export function createWaitTool(context: CodeModeContext, cells: ResolvedCells): FunctionToolDefinition<WaitArgs> {
  return {
    kind: 'function',
    name: 'wait',
    description:
      'Observe a running exec cell: blocks until the program yields (yield_control()), a nested call needs an approval, the program ends, or yield_time_ms passes; then returns what was produced since the last observation, or the final result. ' +
      'With terminate: true, end the cell (buffered output included). With list: true (no cell_id), list the live cells (id, state, age, last output line).' +
      (cells.pushCompletion ? ' You need not wait: end your turn or do other work, and you will be told when a cell has news.' : '') +
      (context.durable ? ' A cell awaiting approval waits for a person, maybe for a later turn: wait on it once its approvals are decided and it goes on where it stopped; terminate denies them and ends it.' : ''),
    inputSchema: {
      type: 'object',
      properties: {
        cell_id: { type: 'string', description: 'The cell id from the exec result ("running, cell <id>").' },
        yield_time_ms: {
          type: 'integer',
          minimum: 0,
          maximum: MAX_YIELD_TIME_MS,
          description: `Return after this many milliseconds if the program has not yielded or ended (default ${cells.defaultYieldTimeMs}, at most ${MAX_YIELD_TIME_MS}: one hour).`,
        },
        max_tokens: { type: 'integer', minimum: 1, description: 'Cap the tokens of this answer.' },
        terminate: { type: 'boolean', description: 'End the cell instead of waiting for it.' },
        list: { type: 'boolean', description: 'List the live cells instead of observing one.' },
      },
      additionalProperties: false,
    },
    // An observer of a cell, not an action of its own: it emits no hook events, and it may
    // run beside other calls (so a second concurrent wait meets the busy rule, not a queue).
    runsHooks: false,
    readOnly: true,
    execute: async (args, toolContext) => {
      // Only the caller's own session: another scope's cell answers exactly like an unknown one.
      const scope = context.registry.scope(toolContext.scopeId);
      const session = context.durable ? context.sessions.of(scope) : context.sessions.find(scope);
      if (args.list === true) {
        const live = session?.list() ?? [];
        const listed = session && context.durable ? [...live, ...(await listStored(context.durable, scope, session.key, live))] : live;
        return toolOutput({ result: { status: 'list', cells: listed.map((cell) => ({ ...cell })) }, wire: formatCellList(listed) });
      }
      const cellId = args.cell_id;
      if (typeof cellId !== 'string') {
        throw new ToolFailure({ code: 'INVALID_ARGS', message: 'wait needs cell_id (the id from the exec result), or list: true to list the live cells.' });
      }
      const maxTokens = typeof args.max_tokens === 'number' ? args.max_tokens : context.maxOutputTokens;
      const terminate = args.terminate === true;
      let cell = session?.get(cellId);
      // Suspended while nobody observed it: the store says how it stands now (its batch may be
      // decided meanwhile); what it printed unobserved goes with that answer.
      const carried = session && cell && cell.pendingApprovals.length > 0 ? cell.take() : undefined;
      if (session && carried) {
        session.close(cellId, 'completed');
        cell = undefined;
      }
      if (session && !cell && context.durable && !(terminate && session.closedAs(cellId) === 'terminated')) {
        const kept = carried && !terminate ? { output: carried.output, notes: carried.notes ?? [] } : undefined;
        const stored = await storedCell(context, scope, cellId, terminate, { hostContext: toolContext.hostContext, ...(kept === undefined ? {} : { carried: kept }) });
        if (stored === undefined && carried) return deliverReport(context, carried, maxTokens);
        if (stored !== undefined && 'report' in stored) {
          if (stored.report.status !== 'awaiting_approval') session.close(cellId, stored.report.status === 'terminated' ? 'terminated' : 'completed');
          const report = kept && stored.report.status === 'awaiting_approval' ? { ...stored.report, ...kept, wallMs: carried?.wallMs ?? 0 } : stored.report;
          return deliverReport(context, report, maxTokens);
        }
        cell = stored?.cell;
      }
      if (!session || !cell) {
        if (terminate && session?.closedAs(cellId) === 'terminated') {
          throw new ToolFailure({ code: 'EXECUTION_FAILED', message: `Cell "${cellId}" was already terminated; there is nothing left to end.` });
        }
        return missing(cellId);
      }
      let report: ExecReport;
      try {
        if (terminate && !cell.ended) {
          const observation = cell.observe();
          await cell.terminate();
          report = await observation;
        } else {
          const yieldAfterMs = typeof args.yield_time_ms === 'number' ? args.yield_time_ms : cells.defaultYieldTimeMs;
          report = await cell.observe({ yieldAfterMs, wakeOnApproval: true, signal: toolContext.signal });
        }
      } catch (error) {
        if (CellBusyError.isInstance(error)) throw new ToolFailure({ code: 'EXECUTION_FAILED', message: error.message });
        if (ObservationCancelledError.isInstance(error)) throw new ToolFailure({ code: 'ABORTED', message: error.message });
        throw error;
      }
      if (report.status === 'running') {
        context.events.emit('cell-yield', cell.info);
      } else {
        session.close(cellId, report.status === 'terminated' ? 'terminated' : 'completed');
      }
      return deliverReport(context, report, maxTokens);
    },
  };
}

/** The suspended cells of the session in the durable store; a failing store lists none (the live ones are listed). */
async function listStored(durable: CodeModeDurable, scope: Scope, session: string, live: readonly CellSummary[]): Promise<CellSummary[]> {
  try {
    await durable.sweepIfDue();
    return await durable.list(scope, session, new Set(live.map((cell) => cell.cellId)));
  } catch {
    return [];
  }
}

/**
 * A cell that is not live here, from the durable store: its report (undecided approvals,
 * its end, or — with `terminate` — its approvals denied and the cell ended), or the live
 * cell it became (its batch decided, it goes on here). `undefined`: the store has none.
 */
async function storedCell(context: CodeModeContext, scope: Scope, cellId: string, terminate: boolean, options: Parameters<typeof resumeStoredCell>[3]): Promise<{ report: ExecReport } | { cell: Cell } | undefined> {
  const durable = context.durable;
  if (durable === undefined) return undefined;
  try {
    if (terminate) {
      const key = durableKey(scope, context.sessions.of(scope), cellId);
      if ((await durable.cells.read(key)) === undefined) return undefined;
      return { report: execReportOf(cellId, await durable.cells.terminate(key, 'terminated')) };
    }
    const stored = await resumeStoredCell(context, scope, cellId, options);
    if (stored.kind === 'missing') return undefined;
    return stored.kind === 'live' ? { cell: stored.cell } : { report: stored.report };
  } catch (error) {
    if (DurableCellError.isInstance(error)) throw new ToolFailure({ code: 'EXECUTION_FAILED', message: `${error.code}: ${error.message}` });
    throw new ToolFailure({ code: 'EXECUTION_FAILED', message: `The durable store could not give cell "${cellId}": ${errorMessage(error)}` });
  }
}
