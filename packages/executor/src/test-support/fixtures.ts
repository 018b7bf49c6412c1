// Shared setup of the executor tests: a registry with one tool of every category, a
// runtime, and a RecordingPolicy attached to it.
import type { FreeformToolDefinition, FunctionToolDefinition, ToolMode } from '@toolcell/core';
import { jsonOutput, textOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { RecordingPolicy } from '../test/recording-policy.js';
import type { RecordingPolicyOptions } from '../test/recording-policy.js';
import { ToolRuntime } from '../tool-runtime.js';
import type { ToolRuntimeOptions } from '../tool-runtime.js';

/** A function tool that counts its runs and echoes its arguments. */
export function countingTool(name: string, extra: Partial<FunctionToolDefinition> = {}): FunctionToolDefinition & { runs: number } {
  const tool = {
    kind: 'function' as const,
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    runs: 0,
    execute(input: Record<string, unknown>) {
      tool.runs += 1;
      return jsonOutput({ tool: name, input: input as never });
    },
    ...extra,
  };
  return tool as FunctionToolDefinition & { runs: number };
}

/** A stub `exec`: freeform, counts its runs. */
export function stubExec(execute?: FreeformToolDefinition['execute']): FreeformToolDefinition & { runs: number } {
  const tool = {
    kind: 'freeform' as const,
    name: 'exec',
    description: 'Run a program.',
    jsonFallback: { parameter: 'code', description: 'JavaScript source' },
    runs: 0,
    execute(input: string, context: Parameters<FreeformToolDefinition['execute']>[1]) {
      tool.runs += 1;
      return execute ? execute(input, context) : textOutput(`ran ${input}`);
    },
  };
  return tool;
}

/** What {@link setup} returns. */
export interface Setup {
  readonly registry: ToolRegistry;
  readonly runtime: ToolRuntime;
  readonly policy: RecordingPolicy;
  readonly readFile: ReturnType<typeof countingTool>;
  readonly writeFile: ReturnType<typeof countingTool>;
  readonly askUser: ReturnType<typeof countingTool>;
  readonly toolSearch: ReturnType<typeof countingTool>;
  readonly exec: ReturnType<typeof stubExec>;
}

/** Options of {@link setup}. */
export interface SetupOptions {
  readonly exec?: ReturnType<typeof stubExec>;
  readonly policy?: RecordingPolicyOptions;
  readonly runtime?: Omit<ToolRuntimeOptions, 'registry' | 'approval'>;
}

/** A registry in `mode` with read_file (read-only), write_file, ask_user_question, tool_search and exec. */
export function setup(mode: ToolMode, options: SetupOptions = {}): Setup {
  const registry = new ToolRegistry({ mode });
  const readFile = countingTool('read_file', { readOnly: true });
  const writeFile = countingTool('write_file');
  const askUser = countingTool('ask_user_question');
  const toolSearch = countingTool('tool_search');
  const exec = options.exec ?? stubExec();
  for (const tool of [readFile, writeFile, askUser, toolSearch, exec]) registry.register(tool);
  const policy = new RecordingPolicy(options.policy);
  const runtime = new ToolRuntime({ ...options.runtime, registry, approval: policy.approval });
  policy.attach(runtime);
  return { registry, runtime, policy, readFile, writeFile, askUser, toolSearch, exec };
}

/** A promise with its resolver, for holding a tool open while a test looks around. */
export function deferred<Value = void>(): { promise: Promise<Value>; resolve: (value: Value) => void } {
  let resolve!: (value: Value) => void;
  const promise = new Promise<Value>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Let every pending microtask and one macrotask run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A code_mode registry holding only `tool`, a runtime with a RecordingPolicy, and a dispatcher. */
export function singleTool(tool: FunctionToolDefinition, options: { policy?: RecordingPolicy; timeoutMs?: number } = {}) {
  const registry = new ToolRegistry({ mode: 'code_mode' });
  registry.register(tool);
  const policy = options.policy ?? new RecordingPolicy();
  const runtime = new ToolRuntime({ registry, approval: policy.approval, defaultTimeoutMs: options.timeoutMs });
  policy.attach(runtime);
  const dispatch = (args: unknown = {}, extra: { signal?: AbortSignal; callId?: string } = {}) =>
    runtime.dispatch({ name: tool.name, args, callId: extra.callId ?? 'c1', scope: registry.root, signal: extra.signal });
  return { registry, runtime, policy, dispatch };
}
