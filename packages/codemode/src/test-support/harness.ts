// A real registry, the real executor and a real sandbox, with tools that record what
// happened to them. Shared by the acceptance and cells tests.
import type { FunctionToolDefinition, JsonObject, ToolMode } from '@toolcell/core';
import { jsonOutput, toolOutput } from '@toolcell/core';
import type { ApprovalDecision, ApprovalRequest, PolicyCall } from '@toolcell/executor';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import type { SandboxLimits, SandboxTransport } from '@toolcell/sandbox';
import { createInProcessTransport } from '@toolcell/sandbox';
import type { CellsOptions } from '../code-mode-options.js';
import type { CodeModeRuntime } from '../code-mode-runtime.js';
import type { TokenCounter } from '@toolcell/sdkgen';
import { hostileValue } from './hostile-values.js';
import { CodeMode } from '../code-mode.js';

/**
 * No codemode test is about the CPU budget or a child's boot time: ten minutes, far over any
 * test's timeout, so a program that takes long on a busy machine, or a child slow to boot,
 * still ends on what its test is about.
 */
const UNREACHABLE_MS = 10 * 60 * 1000;

export interface HarnessOptions {
  /** Decides approvals itself (e.g. holds them pending); default: `approve`. */
  readonly ask?: (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;
  readonly mode?: ToolMode;
  readonly cells?: boolean | CellsOptions;
  readonly transport?: SandboxTransport;
  readonly files?: Record<string, string>;
  readonly approve?: boolean;
  /** Wraps the runtime Code Mode dispatches nested calls to (default: the runtime itself). */
  readonly wrapRuntime?: (runtime: ToolRuntime) => CodeModeRuntime;
  /** Sandbox limits over the harness's (a CPU budget and boot timeout no test reaches, see {@link UNREACHABLE_MS}). */
  readonly limits?: Partial<SandboxLimits>;
  /** Token counter of the exec answers (default: sdkgen's). */
  readonly countTokens?: TokenCounter;
}

/** Resolves when `count` readers are inside `read_file` at once; proves overlap without clocks. */
function overlapBarrier(count: number) {
  let inside = 0;
  let release: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (release = resolve));
  return async () => {
    inside += 1;
    if (inside >= count) release();
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000));
    return (await Promise.race([all, timeout])) === 'timeout' ? 'sequential' : 'overlapped';
  };
}

export function createHarness(options: HarnessOptions = {}) {
  const files = new Map(Object.entries(options.files ?? { 'a.txt': 'alpha', 'b.txt': 'beta', 'c.txt': 'gamma' }));
  const registry = new ToolRegistry({ mode: options.mode ?? 'code_mode_only' });
  const preExecute: PolicyCall[] = [];
  const approvals: ApprovalRequest[] = [];
  const aborted: string[] = [];
  const waiting: string[] = [];
  const reads: string[] = [];
  let barrier = overlapBarrier(3);
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  // Named holds: `tools.hold({ key })` returns once the test calls `release(key)`.
  const holds = new Map<string, { promise: Promise<void>; release: () => void }>();
  const held: string[] = [];
  const holdOf = (key: string) => {
    let entry = holds.get(key);
    if (!entry) {
      let release: () => void = () => undefined;
      const promise = new Promise<void>((resolve) => (release = resolve));
      entry = { promise, release };
      holds.set(key, entry);
    }
    return entry;
  };

  const tools: FunctionToolDefinition<JsonObject>[] = [
    {
      kind: 'function',
      name: 'read_file',
      description: 'Read a text file.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
      outputSchema: { type: 'object', properties: { content: { type: 'string' } } },
      readOnly: true,
      execute: async (args) => {
        const path = String(args.path);
        const overlap = path.startsWith('parallel/') ? await barrier() : 'single';
        reads.push(`${path}:${overlap}`);
        const content = files.get(path.replace(/^parallel\//, ''));
        if (content === undefined) throw new Error(`no such file: ${path}`);
        return toolOutput({ result: { content }, wire: content });
      },
    },
    {
      kind: 'function',
      name: 'write_file',
      description: 'Write a text file.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
      needsApproval: true,
      execute: (args) => {
        files.set(String(args.path), String(args.content));
        return jsonOutput({ written: String(args.path) });
      },
    },
    {
      kind: 'function',
      name: 'delete_everything',
      description: 'Refused by a guard.',
      inputSchema: { type: 'object' },
      execute: () => jsonOutput('deleted'),
    },
    {
      kind: 'function',
      name: 'get_context_remaining',
      description: 'Tokens of context left.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      outputSchema: { type: 'object', properties: { tokens_left: { type: 'integer' } }, required: ['tokens_left'] },
      readOnly: true,
      execute: () => toolOutput({ result: { tokens_left: 9000 }, wire: '9000 tokens left' }),
    },
    {
      kind: 'function',
      name: 'wait_for_abort',
      description: 'Runs until cancelled.',
      inputSchema: { type: 'object' },
      readOnly: true,
      execute: (_args, context) =>
        new Promise((_resolve, reject) => {
          waiting.push(context.callId);
          context.signal.addEventListener('abort', () => {
            aborted.push(context.callId);
            reject(new Error('aborted'));
          });
        }),
    },
    {
      kind: 'function',
      name: 'gate',
      description: 'Returns once the test opens the gate; orders cells without clocks.',
      inputSchema: { type: 'object' },
      readOnly: true,
      execute: async () => {
        await gate;
        return jsonOutput('open');
      },
    },
    {
      kind: 'function',
      name: 'hold',
      description: 'Returns once the test releases this key; orders a program against the test without clocks.',
      inputSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
      readOnly: true,
      execute: async (args, context) => {
        const key = String(args.key);
        held.push(key);
        // A terminated cell aborts its nested calls: a hold ends then too, so nothing hangs.
        const aborted = new Promise<never>((_, reject) => {
          if (context.signal.aborted) reject(context.signal.reason);
          context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true });
        });
        await Promise.race([holdOf(key).promise, aborted]);
        return jsonOutput(key);
      },
    },
    {
      kind: 'function',
      name: 'make_date',
      description: 'Returns a typed result that is not JSON-safe.',
      inputSchema: { type: 'object' },
      execute: () => ({ result: { projection: 'typed', value: { when: new Date(0) } as never }, wire: { projection: 'wire', content: [] } }),
    },
    {
      kind: 'function',
      name: 'hostile_result',
      description: 'Returns a typed result a program cannot receive (see hostile-values.ts).',
      inputSchema: { type: 'object', properties: { kind: { type: 'string' } }, required: ['kind'] },
      readOnly: true,
      execute: (args) => ({ result: { projection: 'typed', value: hostileValue(String(args.kind)) as never }, wire: { projection: 'wire', content: [] } }),
    },
  ];
  for (const tool of tools) registry.register(tool);
  registry.register({ ...tools[0]!, name: 'ask_user_question', description: 'Ask the person.' } as FunctionToolDefinition);

  const runtime = new ToolRuntime({
    registry,
    approval: {
      ask: (request) => {
        approvals.push(request);
        if (options.ask) return options.ask(request);
        return options.approve === false ? { type: 'deny', reason: 'the person said no' } : { type: 'approve' };
      },
    },
  });
  runtime.onPreExecute((call: PolicyCall) => {
    preExecute.push(call);
  });
  runtime.addGuard((call: PolicyCall) => (call.toolName === 'delete_everything' ? { type: 'deny', reason: 'never delete everything' } : undefined));

  const transport = options.transport ?? createInProcessTransport();
  const codeMode = new CodeMode({ registry, runtime: options.wrapRuntime?.(runtime) ?? runtime, transport, cells: options.cells ?? false, limits: { cpuBudgetMs: UNREACHABLE_MS, bootTimeoutMs: UNREACHABLE_MS, ...options.limits }, ...(options.countTokens ? { countTokens: options.countTokens } : {}) });
  codeMode.install();
  let callCounter = 0;

  return {
    registry,
    runtime,
    codeMode,
    transport,
    files,
    preExecute,
    approvals,
    aborted,
    /** Calls of wait_for_abort that have started (and wait for their cancellation). */
    waiting,
    reads,
    resetBarrier: (count: number) => (barrier = overlapBarrier(count)),
    /** Lets every call of the `gate` tool return. */
    openGate: () => openGate(),
    /** Keys of `hold` calls that have started. */
    held,
    /** Lets `hold({ key })` calls return (earlier and later ones). */
    release: (key: string) => holdOf(key).release(),
    exec: (code: string, extra: { signal?: AbortSignal; scope?: ReturnType<ToolRegistry['scope']>; callId?: string } = {}) =>
      runtime.dispatch({ name: 'exec', args: code, callId: extra.callId ?? `exec_${++callCounter}`, scope: extra.scope ?? registry.root, ...(extra.signal ? { signal: extra.signal } : {}) }),
    wait: (args: JsonObject, extra: { signal?: AbortSignal; scope?: ReturnType<ToolRegistry['scope']> } = {}) =>
      runtime.dispatch({ name: 'wait', args, callId: `wait_${++callCounter}`, scope: extra.scope ?? registry.root, ...(extra.signal ? { signal: extra.signal } : {}) }),
    async close() {
      await codeMode.shutdown();
      await transport.close();
    },
  };
}
