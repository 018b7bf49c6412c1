// One cold start from sources, in a fresh process (typescript-stripping.ts spawns one per
// sample): import the stack, then run a first `exec` in process, of the program named by the
// argument, `js` or `ts` (the same program, with and without types). Prints one JSON line.
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { typedProgram } from './typed-program.js';

const started = performance.now();
const [{ CodeMode }, { jsonOutput }, { ToolRuntime }, { ToolRegistry }, { createInProcessTransport }] = await Promise.all([
  import('../src/index.js'),
  import('@toolcell/core'),
  import('@toolcell/executor'),
  import('@toolcell/registry'),
  import('@toolcell/sandbox'),
]);
const imported = performance.now();
const registry = new ToolRegistry({ mode: 'code_mode_only' });
registry.register({ kind: 'function', name: 'noop', description: 'Does nothing.', inputSchema: { type: 'object' }, readOnly: true, execute: () => jsonOutput(null) });
const runtime = new ToolRuntime({ registry });
const transport = createInProcessTransport();
new CodeMode({ registry, runtime, transport }).install();
const execStarted = performance.now();
const outcome = await runtime.dispatch({ name: 'exec', args: typedProgram(40, process.argv[2] === 'ts'), callId: 'cold', scope: registry.root });
const ended = performance.now();
if (outcome.status !== 'ok') throw new Error(`${outcome.code}: ${outcome.message}`);
process.stdout.write(`${JSON.stringify({ importMs: imported - started, firstExecMs: ended - execStarted, totalMs: ended - started })}\n`);
await transport.close();
