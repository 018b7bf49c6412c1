// The full stack the benches run `exec` through: a registry with one read-only tool, a
// runtime, and Code Mode installed over the transport. Imported by package name, so it is the
// sources under `--conditions=@toolcell/source` and the built packages without it.
import { CodeMode } from '@toolcell/codemode';
import { jsonOutput } from '@toolcell/core';
import type { JsonObject } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import type { SandboxTransport } from '@toolcell/sandbox';

/** What {@link execStack} varies. */
export interface ExecStackOptions {
  /** The one tool, taking `{ i }`: `noop` answers null, `echo` its input. */
  readonly tool: 'noop' | 'echo';
  /** Code Mode's cells (`wait`, stored values). */
  readonly cells?: boolean;
  /** A pre-execute listener that does nothing, as an app's logging would be. */
  readonly preExecuteListener?: boolean;
}

/** `exec(source)` through the full stack on `transport` (throws unless the call is ok); `close` shuts Code Mode down, not the transport. */
export function execStack(transport: SandboxTransport, options: ExecStackOptions): { exec: (source: string) => Promise<void>; close: () => Promise<void> } {
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  registry.register({
    kind: 'function',
    name: options.tool,
    description: options.tool === 'noop' ? 'Does nothing.' : 'Returns its input.',
    inputSchema: { type: 'object', properties: { i: { type: 'integer' } } },
    readOnly: true,
    execute: (input: JsonObject) => jsonOutput(options.tool === 'noop' ? null : input),
  });
  const runtime = new ToolRuntime({ registry });
  if (options.preExecuteListener === true) runtime.onPreExecute(() => undefined);
  const codeMode = new CodeMode({ registry, runtime, transport, ...(options.cells === true ? { cells: true } : {}) });
  codeMode.install();
  let counter = 0;
  return {
    exec: async (source) => {
      const outcome = await runtime.dispatch({ name: 'exec', args: source, callId: `bench_${++counter}`, scope: registry.root });
      if (outcome.status !== 'ok') throw new Error(`exec: ${outcome.code}: ${outcome.message}`);
    },
    close: () => codeMode.shutdown(),
  };
}
