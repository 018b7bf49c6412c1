// Issue 35's bench: what TypeScript costs. The stripper alone on a typical 40-line typed
// program and a 2,000-line one; exec of the same 40-line program as JavaScript and as
// TypeScript (one failed JavaScript compile, then the strip); and the cold start (import and
// first exec, a fresh process per sample) with a JavaScript and with a TypeScript first program.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { printTable, runSuite } from '@toolcell/bench-kit';
import { jsonOutput } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { CodeMode } from '../src/index.js';
import { stripTypes } from '../src/strip-types.js';
import { typedProgram } from './typed-program.js';

const run = promisify(execFile);
const COLD_SAMPLES = 5;

async function cold(kind: 'js' | 'ts'): Promise<{ importMs: number; firstExecMs: number; totalMs: number }> {
  const probe = fileURLToPath(new URL('./typed-first-exec.ts', import.meta.url));
  const { stdout } = await run(process.execPath, ['--conditions=@toolcell/source', '--import', 'tsx', probe, kind]);
  return JSON.parse(stdout.trim().split('\n').at(-1) as string) as { importMs: number; firstExecMs: number; totalMs: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export async function typescriptStripping(): Promise<void> {
  const rows: Array<Record<string, string>> = [];
  for (const kind of ['js', 'ts'] as const) {
    const samples = [];
    for (let sample = 0; sample < COLD_SAMPLES; sample += 1) samples.push(await cold(kind));
    rows.push({
      'first program': kind === 'js' ? 'JavaScript (40 lines)' : 'TypeScript (40 lines)',
      'import ms (median)': median(samples.map((sample) => sample.importMs)).toFixed(1),
      'first exec ms (median)': median(samples.map((sample) => sample.firstExecMs)).toFixed(1),
      'total ms (median)': median(samples.map((sample) => sample.totalMs)).toFixed(1),
    });
  }
  printTable(`codemode — cold start from sources, in process, ${COLD_SAMPLES} fresh processes each`, rows);

  const small = typedProgram(40, true);
  const large = typedProgram(2_000, true);
  const loadStarted = performance.now();
  await stripTypes(small);
  const firstStripMs = performance.now() - loadStarted;
  const strips = await runSuite('codemode — TypeScript stripping (amaro, strip-only)', {
    '40-line typed program': () => stripTypes(small),
    '2,000-line typed program': () => stripTypes(large),
  });
  printTable('codemode — TypeScript stripping, p50 / p95 ms', [
    { program: 'first strip in the process (import + first transform)', 'p50 ms': firstStripMs.toFixed(1), 'p95 ms': '' },
    ...strips.map((row) => ({ program: row.name, 'p50 ms': row.p50.toFixed(3), 'p95 ms': row.p95.toFixed(3) })),
  ]);

  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  registry.register({ kind: 'function', name: 'noop', description: 'Does nothing.', inputSchema: { type: 'object' }, readOnly: true, execute: () => jsonOutput(null) });
  const runtime = new ToolRuntime({ registry });
  const transport = createInProcessTransport();
  new CodeMode({ registry, runtime, transport }).install();
  let counter = 0;
  const exec = (source: string) => async () => {
    const outcome = await runtime.dispatch({ name: 'exec', args: source, callId: `ts_${++counter}`, scope: registry.root });
    if (outcome.status !== 'ok') throw new Error(`${outcome.code}: ${outcome.message}`);
  };
  const execs = await runSuite('codemode — exec of a 40-line program, in process', {
    'as JavaScript': exec(typedProgram(40, false)),
    'as TypeScript (JavaScript compile fails, strip, run)': exec(small),
  });
  printTable('codemode — exec of a 40-line program, in process, p50 / p95 ms', execs.map((row) => ({ program: row.name, 'p50 ms': row.p50.toFixed(3), 'p95 ms': row.p95.toFixed(3) })));
  await transport.close();
}
