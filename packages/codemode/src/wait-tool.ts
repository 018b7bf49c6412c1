import type { FunctionToolDefinition, JsonObject, ToolOutput } from '@toolcell/core';
import { ToolFailure, toolOutput } from '@toolcell/core';
import { CellBusyError } from './cell.js';
import type { CodeModeContext, ResolvedCells } from './code-mode-context.js';
import type { ExecReport } from './exec-report.js';
import { deliverReport } from './exec-tool.js';

/** Arguments of `wait`. */
interface WaitArgs extends JsonObject {
  cell_id: string;
}

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
      'Observe a running exec cell again: returns only the output produced since the last observation, or its final result. With terminate: true, end the cell (buffered output included).',
    inputSchema: {
      type: 'object',
      properties: {
        cell_id: { type: 'string', description: 'The cell id from the exec result ("running, cell <id>").' },
        yield_time_ms: { type: 'integer', minimum: 0, description: `Return after this long if the cell is still running (default ${cells.defaultYieldTimeMs}).` },
        max_tokens: { type: 'integer', minimum: 1, description: 'Cap the tokens of this answer.' },
        terminate: { type: 'boolean', description: 'End the cell instead of waiting for it.' },
      },
      required: ['cell_id'],
      additionalProperties: false,
    },
    // An observer of a cell, not an action of its own: it emits no hook events, and it may
    // run beside other calls (so a second concurrent wait meets the busy rule, not a queue).
    runsHooks: false,
    readOnly: true,
    execute: async (args) => {
      const cellId = args.cell_id;
      const maxTokens = typeof args.max_tokens === 'number' ? args.max_tokens : context.maxOutputTokens;
      const terminate = args.terminate === true;
      const cell = context.session.get(cellId);
      if (!cell) {
        if (terminate && context.session.closedAs(cellId) === 'terminated') {
          throw new ToolFailure({ code: 'EXECUTION_FAILED', message: `Cell "${cellId}" was already terminated; there is nothing left to end.` });
        }
        return missing(cellId);
      }
      let report: ExecReport;
      try {
        if (terminate && !cell.ended) {
          const observation = cell.observe(undefined);
          await cell.terminate();
          report = await observation;
        } else {
          const yieldAfter = typeof args.yield_time_ms === 'number' ? args.yield_time_ms : cells.defaultYieldTimeMs;
          report = await cell.observe(yieldAfter);
        }
      } catch (error) {
        if (error instanceof CellBusyError) throw new ToolFailure({ code: 'EXECUTION_FAILED', message: error.message });
        throw error;
      }
      if (report.status === 'running') {
        context.events.emit('cell-yield', cell.info);
      } else {
        context.session.close(cellId, report.status === 'terminated' ? 'terminated' : 'completed');
      }
      return deliverReport(context, report, maxTokens);
    },
  };
}
