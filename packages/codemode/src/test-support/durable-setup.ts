// A durable cell's whole stack, real parts only: a registry with a write_file tool that needs
// approval (its writes recorded in a file, so another process sees them), an executor whose
// approval handler defers, the in-process sandbox, and a file store.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallOutcome, FunctionToolDefinition, JsonObject } from '@toolcell/core';
import { jsonOutput } from '@toolcell/core';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import type { SandboxLimits } from '@toolcell/sandbox';
import { createInProcessTransport } from '@toolcell/sandbox';
import { CodeMode } from '../code-mode.js';
import type { DurableCellReport } from '../durable/durable-cell-report.js';
import { DurableCells } from '../durable/durable-cells.js';
import type { ExecResult } from '../exec-report.js';
import { execResultOf } from '../run-program.js';

/** The seal key every process of a test shares. */
export const TEST_KEYS = { current: { id: 'test-1', secret: 'a-test-secret-of-at-least-32-bytes!!' } };

/** The tools of the durable tests: `write_file` needs approval and records its writes in `effects.log`. */
function durableTools(directory: string, options: { readonly idempotent?: boolean }) {
  const effectsFile = join(directory, 'effects.log');
  const registry = new ToolRegistry({ mode: 'code_mode' });
  const writeFile: FunctionToolDefinition = {
    kind: 'function',
    name: 'write_file',
    description: 'Write a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, text: { type: 'string' } }, required: ['path'] },
    needsApproval: true,
    ...(options.idempotent === true ? { idempotent: true } : {}),
    execute: (input: JsonObject) => {
      appendFileSync(effectsFile, `${String(input['path'])}\n`);
      return jsonOutput({ written: input['path'] ?? null });
    },
  };
  registry.register(writeFile);
  registry.register({
    kind: 'function',
    name: 'read_file',
    description: 'Read a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    readOnly: true,
    execute: (input: JsonObject) => jsonOutput({ text: `contents of ${String(input['path'])}` }),
  });
  const effects = (): string[] => {
    try {
      return readFileSync(effectsFile, 'utf8').trim().split('\n').filter((line) => line.length > 0);
    } catch {
      return [];
    }
  };
  return { registry, effects };
}

/** What {@link durableSetup} varies. */
export interface DurableSetupOptions {
  /** `write_file` is marked idempotent. */
  readonly idempotent?: boolean;
  readonly holder?: string;
}

/** The durable stack over `directory`; `effects()` lists the writes that happened, in order. */
export function durableSetup(directory: string, options: DurableSetupOptions = {}) {
  const { registry, effects } = durableTools(directory, options);
  registry.register({ kind: 'freeform', name: 'exec', description: 'Run a program.', jsonFallback: { parameter: 'code', description: 'JavaScript' }, execute: () => jsonOutput(null) });
  const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'defer' }) } });
  const transport = createInProcessTransport();
  const store = new FileDurableStore({ directory: join(directory, 'store') });
  const cells = new DurableCells({ registry, runtime, transport, store, keys: TEST_KEYS, ...(options.holder === undefined ? {} : { holder: options.holder }) });
  return { registry, runtime, transport, store, cells, effects, close: () => transport.close() };
}

/** What {@link durableCodeModeSetup} varies. */
export interface DurableCodeModeSetupOptions {
  readonly holder?: string;
  /** The clock of the store and of Code Mode (default `Date.now`). */
  readonly now?: () => number;
  readonly autoResume?: boolean;
  readonly ttlMs?: number;
  readonly sweepIntervalMs?: number;
  /** Approve calls of these tools at once instead of deferring them. */
  readonly approveAtOnce?: readonly string[];
  readonly limits?: Partial<SandboxLimits>;
}

/** A CodeMode with cells backed by a file store over `directory`, its `exec` and `wait` called as a model calls them. */
export function durableCodeModeSetup(directory: string, options: DurableCodeModeSetupOptions = {}) {
  const { registry, effects } = durableTools(directory, {});
  const runtime = new ToolRuntime({ registry, approval: { ask: (request) => (options.approveAtOnce?.includes(request.toolName) === true ? { type: 'approve' } : { type: 'defer' }) } });
  const transport = createInProcessTransport();
  const store = new FileDurableStore({ directory: join(directory, 'store'), ...(options.now === undefined ? {} : { now: options.now }) });
  const codeMode = new CodeMode({
    registry,
    runtime,
    transport,
    cells: true,
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    durable: {
      store,
      keys: TEST_KEYS,
      ...(options.holder === undefined ? {} : { holder: options.holder }),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.autoResume === undefined ? {} : { autoResume: options.autoResume }),
      ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
      ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
    },
  });
  codeMode.install();
  let calls = 0;
  const durable = codeMode.durable;
  if (durable === undefined) throw new Error('expected durable cells');
  return {
    registry,
    runtime,
    transport,
    store,
    codeMode,
    durable,
    effects,
    exec: (code: string, callId = `exec_${++calls}`) => runtime.dispatch({ name: 'exec', args: code, callId, scope: registry.root }),
    wait: (args: JsonObject) => runtime.dispatch({ name: 'wait', args, callId: `wait_${++calls}`, scope: registry.root }),
    async close() {
      await codeMode.shutdown();
      await transport.close();
    },
  };
}

/** A program that writes three files in one Promise.all and reports what each write did. */
export const THREE_WRITES = `
text('writing three files');
const results = await Promise.allSettled([
  tools.write_file({ path: 'a.txt', text: 'A' }),
  tools.write_file({ path: 'b.txt', text: 'B' }),
  tools.write_file({ path: 'c.txt', text: 'C' }),
]);
return results.map((result) => result.status === 'fulfilled' ? 'wrote ' + result.value.written : result.reason.code);`;

/** A report of a cell that waits for decisions. */
export type SuspendedReport = Extract<DurableCellReport, { status: 'suspended' }>;

/** Starts `code` (THREE_WRITES by default) as cell call `exec_1` of session `chat-1`; throws unless it was suspended. */
export async function suspendCell(cells: DurableCells, code = THREE_WRITES, cellId?: string): Promise<SuspendedReport> {
  const report = await cells.start({ code, session: 'chat-1', callId: 'exec_1', ...(cellId === undefined ? {} : { cellId }) });
  if (report.status !== 'suspended') throw new Error(`expected a suspension, got ${report.status}`);
  return report;
}

/** Approves every approval the suspended cell waits for. */
export async function approveAll(cells: DurableCells, report: SuspendedReport): Promise<void> {
  for (const approval of report.pendingApprovals) await cells.decide(approval.approvalId, { type: 'approve' });
}

/** The exec result in a call's outcome; throws when there is none. */
export function resultOf(outcome: CallOutcome): ExecResult {
  const result = execResultOf(outcome);
  if (result === undefined) throw new Error(`expected an exec result, got ${JSON.stringify(outcome)}`);
  return result;
}
