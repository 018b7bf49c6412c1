import type { CellKey } from '@toolcell/durable-store';
import type { Scope } from '@toolcell/registry';
import type { SandboxCells } from '@toolcell/sandbox';
import type { CellProgram, CellRun } from './cell.js';
import { Cell } from './cell.js';
import type { CodeModeContext } from './code-mode-context.js';
import type { CodeModeSession } from './code-mode-session.js';
import { NestedCalls, canonicalNames } from './nested-calls.js';
import { runProgramSource } from './run-program-source.js';

/** A cell to start in a session: a new program, or (with a durable store) a suspended cell going on. */
export interface LiveCellStart {
  readonly scope: Scope;
  readonly session: CodeModeSession;
  readonly cellId: string;
  /** The `exec` call that started the program. */
  readonly execCallId: string;
  readonly hostContext: unknown;
  /** A new program's source; absent: resume the suspended durable cell `cellId`. */
  readonly source?: string;
  /** With a resume: what the suspended cell produced that nobody observed yet. */
  readonly carried?: CellRun['carried'];
}

/** The store key of a session's durable cell. */
export function durableKey(scope: Scope, session: CodeModeSession, cellId: string): CellKey {
  return { scope: scope.id, session: session.key, cell: cellId };
}

/**
 * Start a cell and add it to its session: its program runs in the sandbox (durably, with a
 * durable store), its nested calls re-enter the runtime, its stored values, `notify` and
 * `yield_control` reach the session and the host's events.
 */
export function startLiveCell(context: CodeModeContext, start: LiveCellStart): Cell {
  const { scope, session, cellId, source } = start;
  const { cells, durable } = context;
  const bindings = context.registry.plan(scope).bindings;
  const values = cells ? session.values.openCell() : undefined;
  const base = { cellId, execCallId: start.execCallId, scopeId: scope.id };
  const cellsHooks: SandboxCells | undefined = values && {
    storedValues: session.values.snapshot(),
    onStore: (key, value) => values.write(key, value),
    onNotify: (value) => {
      context.events.emit('cell-notify', { ...base, value });
      cell.notify(value);
    },
    onYield: () => cell.yieldNow(),
  };
  const callHooks = {
    // Called only once the program runs, after `cell` below is initialized.
    isUnobserved: () => cell.unobserved,
    onUnobservedCall: cells?.onUnobservedCall,
    onModelContext: (notes: readonly string[]) => cell.addNotes(notes),
  };
  let program: CellProgram;
  let settleNestedCalls = (): Promise<void> => Promise.resolve();
  if (durable === undefined) {
    const nested = new NestedCalls({ runtime: context.runtime, scope, parent: { callId: start.execCallId, cellId }, canonicalOf: canonicalNames(bindings), hostContext: start.hostContext, ...callHooks });
    settleNestedCalls = () => nested.settle();
    const request = {
      source: source ?? '',
      bindings: bindings.map((binding) => ({ jsName: binding.jsName, canonicalName: binding.canonicalName, description: binding.tool.description, kind: binding.tool.kind })),
      limits: context.limits,
      onToolBatch: nested.onToolBatch,
      ...(cellsHooks === undefined ? {} : { cells: cellsHooks }),
    };
    program = async (io) => {
      const result = await runProgramSource((run) => context.transport.run(run), { ...request, ...io });
      return { status: result.status, cpuMs: result.stats.cpuMs, ...(result.returnValue === undefined ? {} : { returnValue: result.returnValue }), ...(result.error === undefined ? {} : { error: result.error }) };
    };
  } else {
    // The durable batch settles its own nested calls before the round's result is known.
    const key = durableKey(scope, session, cellId);
    program = (io) =>
      durable.run(
        { scope, key, execCallId: start.execCallId, hostContext: start.hostContext, ...(source === undefined ? {} : { source }) },
        {
          ...io,
          ...callHooks,
          ...(cellsHooks === undefined ? {} : { cells: cellsHooks }),
          ...(values === undefined ? {} : { writes: () => values.entries(), restoreWrites: (writes) => values.restore(writes) }),
        },
      );
  }
  const cell: Cell = new Cell({
    id: cellId,
    info: base,
    program,
    values,
    ...(durable === undefined || values === undefined ? {} : { persistValues: () => durable.commitValues(session.key, values.entries()) }),
    settleNestedCalls,
    onEnd: (ended, status, code, stats) => {
      session.markEnded(ended);
      if (status === 'awaiting_approval') context.events.emit('cell-suspend', { ...base, pendingApprovals: ended.pendingApprovals });
      else context.events.emit('cell-end', { ...base, status, ...(code === undefined ? {} : { code }), wallMs: stats.wallMs, cpuMs: stats.cpuMs });
    },
    onUpdate: (event) => context.events.emit('cell-update', event),
    ...(start.carried === undefined ? {} : { carried: start.carried }),
  });
  session.add(cell);
  return cell;
}
