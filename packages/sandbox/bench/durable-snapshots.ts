// Durable programs (issue 31): suspend (take + seal) and resume (open + restore, with and
// without creating the instance) for a trivial paused program, 1 MB and 30 MB of live data,
// and the sealed size of each; and a resume in a cold process (a fresh `node` that imports the
// built package, instantiates QuickJS and resumes), beside the raw QuickJS floor and the load.
// Figures only. `pnpm bench` runs it from bench/index.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { printTable } from '@toolcell/bench-kit';
import type * as RootEntry from '../src/index.js';
import { resolveSandboxLimits } from '../src/contract/sandbox-limits.js';
import { buildFingerprint } from '../src/durable/build-fingerprint.js';
import { openSnapshot, sealSnapshot } from '../src/durable/snapshot-seal.js';
import { GuestRealm } from '../src/guest/guest-realm.js';
import type { RunCapture } from '../src/guest/engine-sink.js';
import { captureLiveMemory } from '../src/guest/live-memory.js';
import { createQuickJsInstance, memoryCapBytes } from '../src/guest/quickjs-instance.js';
import { SandboxEngine } from '../src/guest/sandbox-engine.js';

const KEYS = { current: { id: 'bench', secret: 'bench-secret-0123456789abcdefghijklmnop' } };
const IDENTITY = { scope: 'bench' };
const limits = resolveSandboxLimits({ memoryBytes: 128 * 1024 * 1024, maxSnapshotBytes: 1024 * 1024 * 1024 });
const bindings = [{ jsName: 'approve', canonicalName: 'approve', description: '', kind: 'function' as const }];

const PROGRAMS: Record<string, string> = {
  trivial: `return await tools.approve({});`,
  // Text a model's tools might return: words that repeat little (gzip keeps about 60 %).
  '1 MB of live data': `const parts = Array.from({ length: 1000 }, (_, i) => Array.from({ length: 100 }, (_, j) => ((i * 7919 + j * 104729) % 1000003).toString(36)).join(' ').padEnd(1000, '.')); return [await tools.approve({}), parts.length];`,
  '30 MB of live data': `const parts = Array.from({ length: 30000 }, (_, i) => Array.from({ length: 100 }, (_, j) => ((i * 7919 + j * 104729) % 1000003).toString(36)).join(' ').padEnd(1000, '.')); return [await tools.approve({}), parts.length];`,
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Run `source` to its park point; returns the capture and timings of take and seal. */
async function suspendOnce(engine: SandboxEngine, source: string): Promise<{ sealed: Uint8Array; takeMs: number; sealMs: number; live: number }> {
  let figures: { sealed: Uint8Array; takeMs: number; sealMs: number; live: number } | undefined;
  const run = await engine.prepareDurable({
    source,
    bindings,
    limits,
    host: { toolBatch: (calls) => queueMicrotask(() => calls.forEach((call) => run.park(call.id))), event: () => undefined },
    durable: {
      seal: (capture: RunCapture) => {
        // The engine took the capture just before; take it again to time it alone.
        const takeStart = performance.now();
        captureLiveMemory(currentMemory);
        const takeMs = performance.now() - takeStart;
        const sealStart = performance.now();
        const now = Date.now();
        const attempt = sealSnapshot(
          { build: buildFingerprint(), wiring: capture.wiring, identity: IDENTITY, sealedAt: now, expiresAt: now + 3_600_000, bindings, limits, parked: capture.calls.parked, issued: capture.calls.issued, timers: capture.timers, cpuMs: capture.cpuMs, watchdogMs: capture.watchdogMs, wallMs: 0, budget: capture.output, output: [] },
          capture.live,
          KEYS,
          limits.maxSnapshotBytes,
        );
        const sealMs = performance.now() - sealStart;
        if ('sealed' in attempt) figures = { sealed: attempt.sealed, takeMs, sealMs, live: capture.live.regions.reduce((sum, region) => sum + region.bytes.length, 0) };
        return attempt;
      },
      refused: () => undefined,
    },
  });
  const outcome = await run.start();
  if (outcome.status !== 'suspended' || figures === undefined) throw new Error(`not suspended: ${outcome.status}`);
  return figures;
}

let currentMemory: GuestRealm['instance']['memory'];

/** Suspend and resume each program on the engine (in process), medians of a few samples. */
async function engineRows(): Promise<Array<Record<string, string>>> {
  const rows: Array<Record<string, string>> = [];
  for (const [name, source] of Object.entries(PROGRAMS)) {
    const samples = name.startsWith('30') ? 3 : 9;
    const suspends: Array<{ takeMs: number; sealMs: number }> = [];
    const opens: number[] = [];
    const restoresWarm: number[] = [];
    const restoresCold: number[] = [];
    let sealed: Uint8Array = new Uint8Array();
    let live = 0;
    for (let sample = 0; sample < samples; sample += 1) {
      const engine = new SandboxEngine({
        maxIdleInstances: 1,
        createInstance: async (capBytes, initialBytes) => {
          const instance = await createQuickJsInstance(capBytes, undefined, initialBytes);
          currentMemory = instance.memory;
          return instance;
        },
      });
      const figures = await suspendOnce(engine, source);
      suspends.push(figures);
      sealed = figures.sealed;
      live = figures.live;
      const openStart = performance.now();
      const opened = openSnapshot(sealed, { keys: KEYS, identity: IDENTITY, maxBytes: limits.maxSnapshotBytes, now: Date.now(), build: buildFingerprint(), answerIds: [1] });
      opens.push(performance.now() - openStart);
      // Into an instance prepared ahead (the pool's case): write the memory back.
      const warm = new GuestRealm(await createQuickJsInstance(memoryCapBytes(limits.memoryBytes), undefined, opened.live.memoryBytes));
      const warmStart = performance.now();
      warm.restore(opened.live);
      restoresWarm.push(performance.now() - warmStart);
      // Including creating and preparing the instance (a process whose pool is empty).
      const coldStart = performance.now();
      const cold = new GuestRealm(await createQuickJsInstance(memoryCapBytes(limits.memoryBytes), undefined, opened.live.memoryBytes));
      cold.restore(opened.live);
      restoresCold.push(performance.now() - coldStart);
      engine.close();
    }
    const take = median(suspends.map((figure) => figure.takeMs));
    const seal = median(suspends.map((figure) => figure.sealMs));
    rows.push({
      'paused program': name,
      'live KB': (live / 1024).toFixed(0),
      'sealed KB': (sealed.length / 1024).toFixed(1),
      'take ms': take.toFixed(2),
      'seal ms': seal.toFixed(2),
      'suspend ms': (take + seal).toFixed(2),
      'open ms': median(opens).toFixed(2),
      'restore ms (prepared)': median(restoresWarm).toFixed(2),
      'resume ms (prepared)': (median(opens) + median(restoresWarm)).toFixed(2),
      'resume ms (new instance)': (median(opens) + median(restoresCold)).toFixed(2),
    });
  }
  return rows;
}

/** The script a cold process runs: import the built package, resume the snapshot, print the times (ms). */
const COLD_SCRIPT = `
const started = performance.now();
const { readFileSync } = await import('node:fs');
const [entry, file] = process.argv.slice(2);
const { createInProcessTransport } = await import(entry);
const imported = performance.now();
const transport = createInProcessTransport({ prewarm: false });
const durable = { keys: ${JSON.stringify(KEYS)}, identity: ${JSON.stringify(IDENTITY)} };
const result = await transport.resume({ snapshot: new Uint8Array(readFileSync(file)), answers: [{ id: 1, response: { ok: true, value: 1 } }], onToolBatch: () => [], durable });
if (result.status !== 'completed') throw new Error('not resumed: ' + JSON.stringify(result));
const done = performance.now();
process.stdout.write(JSON.stringify({ importMs: imported - started, resumeMs: done - imported, totalMs: done - started }));
await transport.close();
`;

/**
 * Resume a trivial paused program in a fresh `node` process per sample, from the built
 * package (`dist`): import, instantiate and restore, timed inside the process, and the whole
 * process from spawn to exit.
 */
async function coldResumeRow(root: typeof RootEntry, distIndex: string, samples = 7): Promise<Record<string, string>> {
  const transport = root.createInProcessTransport();
  const first = await transport.runDurable({ source: PROGRAMS.trivial as string, bindings, onToolBatch: (calls) => calls.map(async () => ({ parked: true as const })), durable: { keys: KEYS, identity: IDENTITY } });
  await transport.close();
  if (first.status !== 'suspended') throw new Error(`not suspended: ${first.status}`);
  const folder = mkdtempSync(join(tmpdir(), 'toolcell-bench-'));
  try {
    const file = join(folder, 'snapshot.bin');
    const script = join(folder, 'cold-resume.mjs');
    writeFileSync(file, first.snapshot);
    writeFileSync(script, COLD_SCRIPT);
    const figures: Array<{ importMs: number; resumeMs: number; totalMs: number; processMs: number }> = [];
    for (let sample = 0; sample < samples; sample += 1) {
      const spawned = performance.now();
      const child = spawnSync(process.execPath, [script, pathToFileURL(distIndex).href, file], { encoding: 'utf8' });
      const processMs = performance.now() - spawned;
      if (child.status !== 0) throw new Error(`the cold resume failed: ${child.stderr}`);
      figures.push({ ...(JSON.parse(child.stdout) as { importMs: number; resumeMs: number; totalMs: number }), processMs });
    }
    return {
      'import ms': median(figures.map((figure) => figure.importMs)).toFixed(1),
      'instantiate + resume ms': median(figures.map((figure) => figure.resumeMs)).toFixed(1),
      'import + resume ms': median(figures.map((figure) => figure.totalMs)).toFixed(1),
      'process, spawn to exit ms': median(figures.map((figure) => figure.processMs)).toFixed(1),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Print the durable programs' figures beside `floorMs` (the raw QuickJS floor's trivial
 * program, measured by the caller) and the load: suspend and resume per program, the sealed
 * sizes, a cold-process resume from the built package (`root`, loaded from `distIndex`), and
 * the issue's targets.
 */
export async function printDurableSnapshotCases(root: typeof RootEntry, distIndex: string, floorMs: number): Promise<void> {
  const rows = await engineRows();
  const cold = await coldResumeRow(root, distIndex);
  const context = `raw QuickJS floor, trivial program: ${floorMs.toFixed(3)} ms; load ${loadavg()[0]?.toFixed(2)}`;
  printTable(`durable programs: suspend and resume (medians; ${context})`, rows);
  printTable(`durable programs: resume in a cold process (a fresh node per sample, the built package; medians; ${context})`, [cold]);
  printTable('durable programs: targets', [
    { figure: 'trivial program sealed', target: '≤ 100 KB', measured: `${rows[0]?.['sealed KB']} KB` },
    { figure: 'suspend (take + seal), trivial', target: '≤ 15 ms', measured: `${rows[0]?.['suspend ms']} ms` },
    { figure: 'resume into a prepared instance, trivial', target: '≤ 5 ms', measured: `${rows[0]?.['resume ms (prepared)']} ms` },
    { figure: 'resume in a cold process (import + instantiate + restore), trivial', target: '≤ 150 ms', measured: `${cold['import + resume ms']} ms` },
  ]);
}
