// One cold start, in a fresh `node` process (the bench summary spawns one per sample):
// import the full stack from the built packages, then run a first `exec` on the transport
// named by the argument: `createInProcessTransport` (the default) or a `create…Transport`
// export of `@toolcell/sandbox/node`. With a second argument, the first exec waits that many
// ms after the transport is made (a host that prewarms while the model writes its first
// reply), and only the exec itself is timed.
// Plain JavaScript, so no TypeScript loader is part of what is measured. Prints one JSON line.
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { mainThreadFields, mainThreadTimes } from './main-thread-cpu.mjs';

const factory = process.argv[2] ?? 'createInProcessTransport';
const prewarmMs = Number(process.argv[3] ?? 0);
const main0 = mainThreadTimes();
const cpu = process.cpuUsage();
const started = performance.now();
const [{ CodeMode }, { ToolRuntime }, { ToolRegistry }, sandbox] = await Promise.all([
  import('@toolcell/codemode'),
  import('@toolcell/executor'),
  import('@toolcell/registry'),
  import('@toolcell/sandbox'),
]);
const entry = factory in sandbox ? sandbox : await import('@toolcell/sandbox/node');
const imported = performance.now();
const importCpu = process.cpuUsage(cpu);
const main1 = mainThreadTimes();
let execMain = main1;
let execCpu = process.cpuUsage();
let execStarted = imported;

const registry = new ToolRegistry({ mode: 'code_mode_only' });
registry.register({ kind: 'function', name: 'noop', description: 'Does nothing.', inputSchema: { type: 'object' }, readOnly: true, execute: () => ({ result: null, wire: [] }) });
const runtime = new ToolRuntime({ registry });
const transport = entry[factory]();
const codeMode = new CodeMode({ registry, runtime, transport });
codeMode.install();
if (prewarmMs > 0) {
  await sleep(prewarmMs);
  execMain = mainThreadTimes();
  execCpu = process.cpuUsage();
  execStarted = performance.now();
}
const outcome = await runtime.dispatch({ name: 'exec', args: 'return 1;', callId: 'cold_1', scope: registry.root });
const executed = performance.now();
const firstExecCpu = process.cpuUsage(execCpu);
const main2 = mainThreadTimes();
if (outcome.status !== 'ok') throw new Error(`${outcome.code}: ${outcome.message}`);
await codeMode.shutdown();
await transport.close();
const ms = (value) => Math.round(value * 100) / 100;
process.stdout.write(
  `${JSON.stringify({ importMs: ms(imported - started), importCpuMs: ms((importCpu.user + importCpu.system) / 1000), firstExecMs: ms(executed - execStarted), firstExecCpuMs: ms((firstExecCpu.user + firstExecCpu.system) / 1000), ...mainThreadFields('import', main0, main1), ...mainThreadFields('firstExec', execMain, main2) })}\n`,
);
