// The `pnpm bench` summary (it runs after every package's own bench): the raw QuickJS floor
// beside every sandbox transport and the full stack, for a trivial program, 100 sequential
// calls and Promise.all of 100, back to back and paced (5 ms idle between runs), each target
// warm in a process of its own (warm-target.ts), then cold import and first exec in fresh
// `node` processes, each as a ratio to the floor. Everything is loaded from the built
// packages (built first), the way users run them; transports are discovered from the
// sandbox's public entries, so a new one shows up here by itself.
import { execFileSync, execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { printTable } from '@toolcell/bench-kit';
import type { Cell, WarmTarget } from './warm-target.js';

const benchDir = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(benchDir, '..');
const startedAt = performance.now();
const [load1, load5] = loadavg();
process.stdout.write(`\nbench summary — load average ${load1?.toFixed(2)} (1 min), ${load5?.toFixed(2)} (5 min), ${process.version}\n`);

/** What each package's `build` does: tsc, then the bundles its `exports` point at. */
function build(): void {
  execFileSync(process.execPath, [resolve(packageDir, '../../scripts/bundle-package.mjs'), '--build', packageDir], { stdio: 'pipe' });
}
build();

// Each target in a process of its own (see warm-target.ts for why), one after another.
const execFileAsync = promisify(execFile);
const warmTargetScript = join(benchDir, 'warm-target.ts');
async function warmTarget(...args: string[]): Promise<string> {
  // The same tsx loader as this script (its execArgv), no source condition: the built packages.
  const child = execFileAsync(process.execPath, [...process.execArgv, warmTargetScript, ...args], { cwd: packageDir, maxBuffer: 2 ** 20 });
  child.child.stderr?.pipe(process.stderr);
  return (await child).stdout;
}
const targets = JSON.parse(await warmTarget('--list')) as WarmTarget[];

type Row = Record<string, string>;
process.stdout.write('\nwarm runs (p50; the ratio is to the raw QuickJS floor in the same column; each target in a fresh process)\n');
const rows: Row[] = [];
let floor: Record<string, Cell> | undefined;
for (const [index, target] of targets.entries()) {
  const cells = JSON.parse(await warmTarget(String(index))) as Record<string, Cell>;
  floor ??= cells;
  const row: Row = { target: target.name };
  for (const [key, { p50 }] of Object.entries(cells)) {
    const base = floor[key]?.p50;
    row[key] = base === undefined ? `${p50.toFixed(3)} ms` : `${p50.toFixed(3)} ms (${(p50 / base).toFixed(1)}×)`;
  }
  rows.push(row);
}
printTable('warm runs, p50 (× the floor); paced = 5 ms idle before each run', rows);
const transports = targets.flatMap(({ transport, fullStack }) => (fullStack && transport !== undefined ? [transport] : []));

// Cold: a fresh `node` per sample, so nothing is cached in the process.
interface ColdSample {
  readonly importMs: number;
  readonly importCpuMs: number;
  readonly firstExecMs: number;
  /** The main thread's own CPU for the first exec (Linux; see main-thread-cpu.mjs). */
  readonly firstExecMainCpuMs?: number;
}
type ColdFigure = Required<Record<keyof ColdSample, number>>;
/** How long a host typically has to prewarm: the model writing its first reply. */
const PREWARM_MS = 500;
async function cold(script: string, args: readonly string[], samples = 7): Promise<ColdFigure> {
  const results: ColdSample[] = [];
  for (let index = 0; index < samples; index += 1) {
    const { stdout } = await execFileAsync(process.execPath, [join(benchDir, script), ...args], { cwd: packageDir });
    results.push(JSON.parse(stdout) as ColdSample);
  }
  const median = (pick: (sample: ColdSample) => number | undefined) => results.map((sample) => pick(sample) ?? Number.NaN).sort((a, b) => a - b)[Math.floor(results.length / 2)] ?? Number.NaN;
  return {
    importMs: median((sample) => sample.importMs),
    importCpuMs: median((sample) => sample.importCpuMs),
    firstExecMs: median((sample) => sample.firstExecMs),
    firstExecMainCpuMs: median((sample) => sample.firstExecMainCpuMs),
  };
}
process.stdout.write(`\ncold starts (a fresh node process per sample, 7 samples each; "prewarmed": the first exec ${PREWARM_MS} ms after the transport is made)\n`);
const coldFloor = await cold('cold-floor-probe.mjs', []);
process.stdout.write(`  ✓ raw QuickJS (floor): import ${coldFloor.importMs} ms, first run ${coldFloor.firstExecMs} ms\n`);
const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(1)} ms`);
const ratio = (value: number, base: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(1)} ms (${(value / base).toFixed(1)}×)`);
const coldRows: Row[] = [
  {
    target: 'raw QuickJS (floor)',
    'import (wall)': ms(coldFloor.importMs),
    'import (CPU)': ms(coldFloor.importCpuMs),
    'first exec': ms(coldFloor.firstExecMs),
    'first exec (main-thread CPU)': ms(coldFloor.firstExecMainCpuMs),
    'first exec, prewarmed': '—',
  },
];
const coldFigures = new Map<string, ColdFigure>();
for (const { name, factory } of transports) {
  const sample = await cold('cold-probe.mjs', [factory]);
  coldFigures.set(factory, sample);
  const prewarmed = await cold('cold-probe.mjs', [factory, String(PREWARM_MS)]);
  process.stdout.write(`  ✓ full stack, ${name}: import ${sample.importMs} ms, first exec ${sample.firstExecMs} ms, prewarmed ${prewarmed.firstExecMs} ms\n`);
  coldRows.push({
    target: `full stack, ${name}`,
    'import (wall)': ratio(sample.importMs, coldFloor.importMs),
    'import (CPU)': ratio(sample.importCpuMs, coldFloor.importCpuMs),
    'first exec': ratio(sample.firstExecMs, coldFloor.firstExecMs),
    'first exec (main-thread CPU)': ratio(sample.firstExecMainCpuMs, coldFloor.firstExecMainCpuMs),
    'first exec, prewarmed': ratio(prewarmed.firstExecMs, coldFloor.firstExecMs),
  });
}
printTable('cold start, medians (× the floor)', coldRows);

// Issue 36's cold-start targets, each beside the floor of this run: the full stack's import
// and first exec in process at most 45 ms, and (a row of its own) at most the floor's own
// total, which the issue measured at 49 ms and this probe at about 30 ms; its first exec
// at most 1.5× the floor's; a first exec on a fresh child (started from the shipped realm,
// like a worker) at most 120 ms.
const verdict = (met: boolean) => (met ? 'yes' : 'NO');
const floorTotal = coldFloor.importMs + coldFloor.firstExecMs;
const inProcess = coldFigures.get('createInProcessTransport');
const child = coldFigures.get('createChildProcessTransport');
const targetRows: Row[] = [];
if (inProcess !== undefined) {
  const total = inProcess.importMs + inProcess.firstExecMs;
  targetRows.push(
    { figure: 'import + first exec, in process', measured: ms(total), floor: ms(floorTotal), target: '≤ 45 ms', met: verdict(total <= 45) },
    { figure: 'import + first exec, in process, against the floor', measured: ms(total), floor: ms(floorTotal), target: `≤ the floor's own total (${ms(floorTotal)})`, met: verdict(total <= floorTotal) },
    { figure: 'first exec, in process', measured: ms(inProcess.firstExecMs), floor: ms(coldFloor.firstExecMs), target: `≤ 1.5× the floor (${ms(1.5 * coldFloor.firstExecMs)})`, met: verdict(inProcess.firstExecMs <= 1.5 * coldFloor.firstExecMs) },
  );
}
if (child !== undefined) targetRows.push({ figure: 'first exec on a fresh child', measured: ms(child.firstExecMs), floor: ms(coldFloor.firstExecMs), target: '≤ 120 ms', met: verdict(child.firstExecMs <= 120) });
const [coldLoad1, coldLoad5] = loadavg();
printTable(`cold-start targets (medians of 7 fresh processes; load average now ${coldLoad1?.toFixed(2)} (1 min), ${coldLoad5?.toFixed(2)} (5 min))`, targetRows);
process.stdout.write(`\nbench summary done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s\n`);
