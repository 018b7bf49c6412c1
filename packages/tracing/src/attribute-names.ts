// The attribute, event and span names tracing writes: the OpenTelemetry GenAI semantic
// conventions where they have a name (execute_tool spans), toolcell's own under `toolcell.`.

/** GenAI semantic-convention attributes (https://opentelemetry.io/docs/specs/semconv/gen-ai/). */
export const GEN_AI = {
  operationName: 'gen_ai.operation.name',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
} as const;

/** The GenAI operation of a tool call span. */
export const EXECUTE_TOOL = 'execute_tool';

/** The general semantic-convention attribute for the class of a failure. */
export const ERROR_TYPE = 'error.type';

/** toolcell's own attributes. */
export const TOOLCELL = {
  source: 'toolcell.source',
  scopeId: 'toolcell.scope.id',
  mode: 'toolcell.mode',
  parentCallId: 'toolcell.parent_call.id',
  cellId: 'toolcell.cell.id',
  resolution: 'toolcell.resolution',
  executionMode: 'toolcell.execution_mode',
  readOnly: 'toolcell.read_only',
  outcomeStatus: 'toolcell.outcome.status',
  outcomeCode: 'toolcell.outcome.code',
  argumentBytes: 'toolcell.arguments.bytes',
  resultBytes: 'toolcell.result.bytes',
  wireTokens: 'toolcell.wire.tokens',
  waitMs: 'toolcell.call.wait_ms',
  executeMs: 'toolcell.call.execute_ms',
  stageResult: 'toolcell.stage.result',
  denialStage: 'toolcell.denial.stage',
  approvalWaitMs: 'toolcell.approval.wait_ms',
  outputBudget: 'toolcell.output.budget',
  execStatus: 'toolcell.exec.status',
  execCode: 'toolcell.exec.code',
  execWallMs: 'toolcell.exec.wall_ms',
  execCpuMs: 'toolcell.exec.cpu_ms',
  execNestedCalls: 'toolcell.exec.nested_calls',
} as const;

/** Span event names, one per policy stage (and the refusal and cell yields). */
export const SPAN_EVENTS = {
  validated: 'toolcell.validated',
  preExecute: 'toolcell.hook.pre_execute',
  guard: 'toolcell.guard',
  approvalRequested: 'toolcell.approval.requested',
  approvalGranted: 'toolcell.approval.granted',
  approvalDenied: 'toolcell.approval.denied',
  postExecute: 'toolcell.hook.post_execute',
  outputTruncated: 'toolcell.output.truncated',
  denied: 'toolcell.denied',
  cellYield: 'toolcell.cell.yield',
} as const;

/** Metric instrument names. */
export const METRICS = {
  calls: 'toolcell.tool.calls',
  duration: 'toolcell.tool.duration',
  refusals: 'toolcell.tool.refusals',
} as const;
