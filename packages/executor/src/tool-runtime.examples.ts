// Examples from the README, typechecked with the package (excluded from the build).
import type { CallOutcome, CallSource, FreeformToolDefinition } from '@toolcell/core';
import { defineTool, jsonOutput, textOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import type { DispatchRequest, ToolRuntimeEvents } from '@toolcell/executor';
import { ToolRuntime, nestedCallId } from '@toolcell/executor';
import { RecordingPolicy } from '@toolcell/executor/test';

// --- minimal ---------------------------------------------------------------------------
export async function minimal(): Promise<CallOutcome> {
  // #region ToolRuntime
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  registry.register(
    defineTool<{ a: number; b: number }, number>({
      kind: 'function',
      name: 'add',
      description: 'Add two numbers.',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      readOnly: true,
      execute: ({ a, b }) => jsonOutput(a + b),
    }),
  );
  // `exec` is what @toolcell/codemode registers (CodeMode#install); a stand-in here, so that
  // this scope runs programs at all.
  registry.register({
    kind: 'freeform',
    name: 'exec',
    description: 'Run a program.',
    jsonFallback: { parameter: 'code', description: 'The program.' },
    execute: () => textOutput(''),
  });
  const runtime = new ToolRuntime({
    registry,
    approval: { ask: (request) => (request.nested ? { type: 'deny', reason: 'no approvals from code' } : { type: 'approve' }) },
  });
  runtime.onPreExecute((call) => {
    if (call.source.type === 'code_mode') console.log(`${call.toolName} from cell ${call.source.cellId}`);
  });

  // The model calls `add` directly, but this scope declares it only through `exec`:
  const direct = await runtime.dispatch({ name: 'add', args: { a: 1, b: 2 }, callId: 'call_1', scope: registry.root });
  // → { status: 'error', code: 'UNKNOWN_TOOL', message: '… Call `exec` with a program that runs `await tools.add(…)`.' }

  // A program inside `exec` makes the same call: it carries a parent token.
  const nested = await runtime.dispatch({
    name: 'add',
    args: { a: 1, b: 2 },
    callId: 'call_2:code:1',
    scope: registry.root,
    parent: { callId: 'call_2', cellId: 'cell_1' },
  });
  // → { status: 'ok', output: { result: { projection: 'typed', value: 3 }, wire: … } }
  // #endregion ToolRuntime
  return direct.status === 'error' ? nested : direct;
}

// --- nested calls from an exec tool (what @toolcell/codemode does) -----------------------
export function execTool(registry: ToolRegistry, runtime: ToolRuntime): FreeformToolDefinition {
  return {
    kind: 'freeform',
    name: 'exec',
    description: 'Run a JavaScript program.',
    jsonFallback: { parameter: 'code', description: 'The program.' },
    async execute(_source, context) {
      const scope = registry.scope(context.scopeId);
      const parent = { callId: context.callId, cellId: 'cell_1' };
      let sequence = 0;
      // One guest turn's calls form one batch; they run in a lane of this exec call,
      // so they never wait behind it, and cancelling exec cancels them.
      const turn = (calls: ReadonlyArray<{ name: string; args: unknown }>): Promise<CallOutcome>[] =>
        runtime.dispatchBatch(
          calls.map(
            (call): DispatchRequest => ({ ...call, callId: nestedCallId(context.callId, (sequence += 1)), scope, parent, signal: context.signal }),
          ),
        );
      const outcomes = await Promise.all(turn([{ name: 'add', args: { a: 1, b: 2 } }]));
      return textOutput(outcomes.map((outcome) => outcome.status).join(', '));
    },
  };
}

// --- OpenTelemetry ------------------------------------------------------------------------
// The subset of `@opentelemetry/api` the recipe uses (its `Tracer` and `Span` fit these).
interface SpanLike {
  setAttribute(key: string, value: string | number | boolean): unknown;
  updateName(name: string): unknown;
  addEvent(name: string, attributes?: Record<string, string>, time?: number): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(endTime?: number): void;
}
interface TracerLike {
  startSpan(name: string, options: { startTime: number; attributes: Record<string, string> }): SpanLike;
}
const SPAN_STATUS_ERROR = 2; // SpanStatusCode.ERROR

/** One span per call, named by the OpenTelemetry GenAI conventions (`execute_tool <name>`). */
export function traceCalls(runtime: ToolRuntime, tracer: TracerLike): void {
  const spans = new Map<string, SpanLike>();
  const sourceOf = (source: CallSource): string => source.type;
  const start: ToolRuntimeEvents['call-start'] = (event) => {
    const attributes: Record<string, string> = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': event.toolName,
      'gen_ai.tool.call.id': event.callId,
      'toolcell.source': sourceOf(event.source),
      'toolcell.scope': event.scopeId,
    };
    if (event.parentCallId !== undefined) attributes['toolcell.parent_call_id'] = event.parentCallId;
    spans.set(event.callId, tracer.startSpan(`execute_tool ${event.toolName}`, { startTime: event.at, attributes }));
  };
  runtime.events.on('call-start', start);
  runtime.events.on('call-resolve', (event) => {
    spans.get(event.callId)?.setAttribute('toolcell.resolution', event.resolution);
  });
  runtime.events.on('call-denied', (event) => {
    spans.get(event.callId)?.addEvent('toolcell.denied', { stage: event.stage, code: event.code }, event.at);
  });
  runtime.events.on('call-end', (event) => {
    const span = spans.get(event.callId);
    if (span === undefined) return;
    spans.delete(event.callId);
    if (event.executeMs !== undefined) span.setAttribute('toolcell.execute_ms', event.executeMs);
    if (event.code !== undefined) {
      span.setAttribute('error.type', event.code);
      span.setStatus({ code: SPAN_STATUS_ERROR, message: event.code });
    }
    span.end(event.at);
  });
}

// --- testing with the ./test subpath ------------------------------------------------------
export async function refusedCallsAreInvisible(registry: ToolRegistry): Promise<boolean> {
  const policy = new RecordingPolicy({ approve: () => ({ type: 'deny', reason: 'not in tests' }) });
  const runtime = new ToolRuntime({ registry, approval: policy.approval });
  policy.attach(runtime);
  await runtime.dispatch({ name: 'no_such_tool', args: {}, callId: 'call_1', scope: registry.root });
  return policy.observationsOf('call_1') === 0;
}
