// Dispatch overhead: a validated no-op tool through the full pipeline (one pre-execute
// listener) against calling the same async function directly, one call, a 100-call
// read-only batch, and 100 nested calls one after another under a running `exec` call on
// one program signal (as Code Mode dispatches a program's calls). Prints figures; never
// fails on speed.
import { printTable, runSuite } from '@toolcell/bench-kit';
import type { FreeformToolDefinition, FunctionToolDefinition, JsonObject, ToolContext, ToolOutput } from '@toolcell/core';
import { MODEL_SOURCE, jsonOutput } from '@toolcell/core';
import type { DispatchRequest } from '@toolcell/executor';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';

const OUTPUT: ToolOutput = jsonOutput({ ok: true });
const noop: FunctionToolDefinition = {
  kind: 'function',
  name: 'noop',
  description: 'Does nothing.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['path'] },
  readOnly: true,
  execute: async () => OUTPUT,
};

// Returns its output at once, like a tool built on jsonOutput() over data in memory.
const noopSync: FunctionToolDefinition = { ...noop, name: 'noop_sync', execute: () => OUTPUT };
// A running `exec` call the nested calls belong to, as Code Mode dispatches them.
let endProgram: (output: ToolOutput) => void = () => undefined;
const exec: FreeformToolDefinition = {
  kind: 'freeform',
  name: 'exec',
  description: 'Run a program.',
  jsonFallback: { parameter: 'code', description: 'The program.' },
  timeoutMs: Number.POSITIVE_INFINITY,
  execute: () => new Promise<ToolOutput>((resolve) => (endProgram = resolve)),
};

const registry = new ToolRegistry({ mode: 'code_mode' });
registry.register(noop);
registry.register(noopSync);
registry.register(exec);
const runtime = new ToolRuntime({ registry });
runtime.onPreExecute(() => undefined);
const observed = new ToolRuntime({ registry });
observed.onPreExecute(() => undefined);
let ended = 0;
observed.events.on('call-end', () => {
  ended += 1;
});

const args: JsonObject = { path: 'src/index.ts', limit: 10 };
const request: DispatchRequest = { name: 'noop', args, callId: 'call_1', scope: registry.root };
const nested: DispatchRequest = { ...request, callId: 'call_exec:code:1', parent: { callId: 'call_exec', cellId: 'cell_1' } };
const context: ToolContext = { callId: 'call_1', toolName: 'noop', source: MODEL_SOURCE, scopeId: 'root', signal: new AbortController().signal };
const BATCH = 100;
const program = new AbortController();
// Its own runtime: the running `exec` call holds the root lane, where the rows above run.
const programRuntime = new ToolRuntime({ registry });
const execRun = programRuntime.dispatch({ name: 'exec', args: 'program', callId: 'call_exec', scope: registry.root });
let sequence = 0;
/** `BATCH` nested calls one after another, each awaited before the next, on the program's signal. */
async function programCalls(name: string): Promise<void> {
  for (let index = 0; index < BATCH; index += 1) {
    sequence += 1;
    await programRuntime.dispatch({ name, args, callId: `call_exec:code:${sequence}`, scope: registry.root, parent: { callId: 'call_exec', cellId: 'cell_1' }, signal: program.signal });
  }
}
async function directSequence(): Promise<void> {
  for (let index = 0; index < BATCH; index += 1) await noop.execute(args, context);
}
const batch: DispatchRequest[] = Array.from({ length: BATCH }, (_, index) => ({ ...request, callId: `call_${index}` }));

async function directBatch(): Promise<void> {
  const pending: Promise<ToolOutput>[] = [];
  for (let index = 0; index < BATCH; index += 1) pending.push(noop.execute(args, context) as Promise<ToolOutput>);
  await Promise.all(pending);
}

async function check(): Promise<void> {
  for (const [checkedRuntime, checked] of [[runtime, request], [runtime, nested], [programRuntime, { ...nested, name: 'noop_sync', callId: 'call_exec:code:0' }]] as const) {
    const outcome = await checkedRuntime.dispatch(checked);
    if (outcome.status !== 'ok') throw new Error(`bench setup is broken: ${JSON.stringify(outcome)}`);
  }
}

await check();
const rows = await runSuite(
  'executor: dispatch of a validated no-op tool',
  {
    'direct: await execute()': async () => {
      await noop.execute(args, context);
    },
    'dispatch (validate + 1 pre-execute listener)': async () => {
      await runtime.dispatch(request);
    },
    'dispatch, nested call (code_mode source, own lane)': async () => {
      await runtime.dispatch(nested);
    },
    'dispatch with a call-end listener (timings on)': async () => {
      await observed.dispatch(request);
    },
    [`direct: ${BATCH} × execute(), Promise.all`]: directBatch,
    [`dispatchBatch: ${BATCH} read-only calls`]: async () => {
      await Promise.all(runtime.dispatchBatch(batch));
    },
    [`direct: ${BATCH} × await execute(), one after another`]: directSequence,
    [`${BATCH} nested calls one after another (async tool)`]: () => programCalls('noop'),
    [`${BATCH} nested calls one after another (tool returns at once)`]: () => programCalls('noop_sync'),
  },
  { time: 1000 },
);

const p50 = (name: string): number => (rows.find((row) => row.name === name)?.p50 ?? Number.NaN) * 1000;
const direct = p50('direct: await execute()');
const directHundred = p50(`direct: ${BATCH} × execute(), Promise.all`);
const directSequential = p50(`direct: ${BATCH} × await execute(), one after another`);
const micros = (value: number): string => value.toFixed(2);
printTable('executor: overhead per call (median, µs; target < 5 µs)', [
  { path: 'single dispatch', 'overhead µs': micros(p50('dispatch (validate + 1 pre-execute listener)') - direct) },
  { path: 'single nested dispatch', 'overhead µs': micros(p50('dispatch, nested call (code_mode source, own lane)') - direct) },
  { path: 'single dispatch, events observed', 'overhead µs': micros(p50('dispatch with a call-end listener (timings on)') - direct) },
  { path: `per call in a ${BATCH}-call read-only batch`, 'overhead µs': micros((p50(`dispatchBatch: ${BATCH} read-only calls`) - directHundred) / BATCH) },
  ...['async tool', 'tool returns at once'].map((kind) => ({
    path: `per dispatched nested call, one after another (${kind}; program signal, running parent)`,
    'overhead µs': micros((p50(`${BATCH} nested calls one after another (${kind})`) - directSequential) / BATCH),
  })),
]);
endProgram(OUTPUT);
if ((await execRun).status !== 'ok') throw new Error('the bench program did not end ok');
if (ended === 0) throw new Error('the observed runtime emitted no call-end event');
