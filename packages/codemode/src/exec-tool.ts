import type { FreeformToolDefinition, ToolContext, ToolOutput } from '@toolcell/core';
import { ToolFailure } from '@toolcell/core';
import type { ExposurePlan } from '@toolcell/registry';
import { generateExecDescription } from '@toolcell/sdkgen';
import type { Cell } from './cell.js';
import { formatCellList } from './cell-list.js';
import type { CodeModeContext } from './code-mode-context.js';
import { deliverReport } from './deliver-report.js';
import { safeParseExecPragma } from './exec-pragma.js';
import type { ExecReport } from './exec-report.js';
import { renderExecAnswer } from './exec-report.js';
import { startLiveCell } from './live-cell.js';

/** Build the `exec` control tool. */
export function createExecTool(context: CodeModeContext): FreeformToolDefinition {
  // The description is generated from the scope's exposure plan, which the registry
  // replaces whenever a tool is registered or unregistered (or the scope dropped): one
  // text per plan, not one per model request (rendering every binding's TypeScript took a
  // millisecond or more a request).
  const descriptions = new WeakMap<ExposurePlan, string>();
  return {
    kind: 'freeform',
    name: 'exec',
    description: 'Run a JavaScript or TypeScript program that calls tools as functions.',
    describe: ({ scopeId }) => {
      const scope = context.registry.scope(scopeId);
      const plan = context.registry.plan(scope);
      let description = descriptions.get(plan);
      if (description === undefined) {
        description = generateExecDescription(context.registry, scope, { cells: context.cells !== undefined, limits: context.limits });
        descriptions.set(plan, description);
      }
      return description;
    },
    jsonFallback: { parameter: 'code', description: 'The JavaScript or TypeScript program to run (the body of an async function).' },
    // A program has no capability beyond its nested calls, and each of those is approved on its own.
    needsApproval: false,
    // The sandbox's limits bound a program, and each nested call has its own timeout.
    timeoutMs: Number.POSITIVE_INFINITY,
    execute: (input, toolContext) => runExec(context, input, toolContext),
  };
}

async function runExec(context: CodeModeContext, input: string, toolContext: ToolContext): Promise<ToolOutput> {
  const { sessions, registry, cells } = context;
  if (sessions.isShuttingDown) {
    throw new ToolFailure({ code: 'EXECUTION_FAILED', message: 'The code-mode session is shutting down; no new programs can start.' });
  }
  const parsed = safeParseExecPragma(input);
  if (!parsed.success) throw new ToolFailure({ code: 'EXEC_SYNTAX', message: parsed.error });
  const { source, pragma } = parsed.value;
  // Peers refuse an empty program too: "Script completed" would tell the model nothing ran wrong.
  if (source.trim() === '') {
    throw new ToolFailure({ code: 'INVALID_ARGS', message: 'exec expects JavaScript source (the body of an async function); the input was empty or only a pragma.' });
  }

  const scope = registry.scope(toolContext.scopeId);
  const session = sessions.of(scope);
  if (context.durable) {
    await context.durable.sweepIfDue();
    // A durable session's stored values live in the store: another process may have committed some.
    await context.durable.refreshValues(session);
  }
  // From the check to the cell's start nothing awaits: a concurrent exec sees this cell counted.
  if (cells && session.runningCount >= session.maxLiveCells) {
    throw new ToolFailure({
      code: 'EXECUTION_FAILED',
      message: `${session.runningCount} cells are running (the limit is ${session.maxLiveCells}); wait for one to finish or end one with wait({ cell_id, terminate: true }). Live cells:\n${formatCellList(session.list())}`,
    });
  }
  const cellId = sessions.nextCellId();
  const base = { cellId, execCallId: toolContext.callId, scopeId: scope.id };
  const cell = startLiveCell(context, { scope, session, cellId, execCallId: toolContext.callId, hostContext: toolContext.hostContext, source });
  context.events.emit('cell-start', base);

  const report = await observeWhileCallable(cell, cells ? (pragma.yield_time_ms ?? cells.defaultYieldTimeMs) : undefined, toolContext.signal);
  if (report.status === 'running') {
    context.events.emit('cell-yield', base);
  } else {
    session.close(cellId, report.status === 'terminated' ? 'terminated' : 'completed');
  }
  if (report.status === 'terminated') {
    const output = await renderExecAnswer(report, pragma.max_output_tokens ?? context.maxOutputTokens, context.countTokens);
    throw new ToolFailure({ code: 'EXEC_CANCELLED', message: 'The exec call was cancelled; the program was stopped.', output });
  }
  return deliverReport(context, report, pragma.max_output_tokens ?? context.maxOutputTokens);
}

/** Observe the cell; while this call is observing, cancelling the call ends the program. */
async function observeWhileCallable(cell: Cell, yieldAfterMs: number | undefined, signal: AbortSignal): Promise<ExecReport> {
  const onAbort = () => void cell.terminate();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await cell.observe(yieldAfterMs === undefined ? {} : { yieldAfterMs });
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
