import type { FunctionToolDefinition, JsonObject, ToolOutput } from '@toolcell/core';
import { ToolFailure, toolOutput } from '@toolcell/core';
import { CellBusyError } from './cell-busy-error.js';
import { ObservationCancelledError } from './observation-cancelled-error.js';
import { formatCellList } from './cell-list.js';
import type { CodeModeContext, ResolvedCells } from './code-mode-context.js';
import { deliverReport } from './deliver-report.js';
import { listStoredCells, waitDurable } from './durable/wait-durable.js';
import type { ExecReport } from './exec-report.js';
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
        const listed = session && context.durable ? [...live, ...(await listStoredCells(context.durable, scope, session.key, live))] : live;
        return toolOutput({ result: { status: 'list', cells: listed.map((cell) => ({ ...cell })) }, wire: formatCellList(listed) });
      }
      const cellId = args.cell_id;
      if (typeof cellId !== 'string') {
        throw new ToolFailure({ code: 'INVALID_ARGS', message: 'wait needs cell_id (the id from the exec result), or list: true to list the live cells.' });
      }
      const maxTokens = typeof args.max_tokens === 'number' ? args.max_tokens : context.maxOutputTokens;
      const terminate = args.terminate === true;
      let cell = session?.get(cellId);
      // With a durable store: a cell that is not live here, or was suspended, is the store's.
      if (session && context.durable && (cell === undefined || cell.pendingApprovals.length > 0)) {
        const durable = await waitDurable(context, { scope, session, cellId, live: cell, terminate, hostContext: toolContext.hostContext, maxTokens });
        if (durable !== undefined && 'output' in durable) return durable.output;
        cell = durable?.cell;
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
