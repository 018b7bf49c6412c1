// The cold-start floor, in a fresh `node` process: import QuickJS alone, then compile the
// module and run one trivial program in a fresh runtime and context. Prints one JSON line
// in the shape of cold-probe.mjs.
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { mainThreadFields, mainThreadTimes } from './main-thread-cpu.mjs';

const main0 = mainThreadTimes();
const cpu = process.cpuUsage();
const started = performance.now();
const [core, variantModule] = await Promise.all([import('quickjs-emscripten-core'), import('@jitl/quickjs-wasmfile-release-sync')]);
const imported = performance.now();
const importCpu = process.cpuUsage(cpu);
const main1 = mainThreadTimes();
const execCpu = process.cpuUsage();
const variant = 'default' in variantModule.default ? variantModule.default.default : variantModule.default;
const quickjs = await core.newQuickJSWASMModuleFromVariant(variant);
const runtime = quickjs.newRuntime();
const context = runtime.newContext();
context.unwrapResult(context.evalCode('1 + 1')).dispose();
context.dispose();
runtime.dispose();
const executed = performance.now();
const firstExecCpu = process.cpuUsage(execCpu);
const main2 = mainThreadTimes();
const ms = (value) => Math.round(value * 100) / 100;
process.stdout.write(
  `${JSON.stringify({ importMs: ms(imported - started), importCpuMs: ms((importCpu.user + importCpu.system) / 1000), firstExecMs: ms(executed - imported), firstExecCpuMs: ms((firstExecCpu.user + firstExecCpu.system) / 1000), ...mainThreadFields('import', main0, main1), ...mainThreadFields('firstExec', main1, main2) })}\n`,
);
