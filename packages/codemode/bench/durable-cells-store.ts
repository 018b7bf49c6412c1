// Durable cells in a store (issue 32): suspend-to-store (`DurableCells.start` of a program that
// parks at one approval: run to the park point, seal, write the cell) and resume-from-store
// (`resume` after the decision: lease, journal moves, the approved call, restore, the final
// write) for a trivial cell and one holding 1 MB of live data, on the files backend and on
// PostgreSQL (a throwaway cluster, as the store tests start one), on a warm pool; and a resume
// in a cold process (a fresh `node` importing the built packages). Figures beside the targets;
// never asserted. `pnpm bench` runs it from bench/index.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from '@toolcell/bench-kit';
import type { DurableStore } from '@toolcell/durable-store';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { PostgresDurableStore } from '@toolcell/durable-store/postgres';
import type { DurableSandboxTransport } from '@toolcell/sandbox';
import { createInProcessTransport } from '@toolcell/sandbox';
// The store tests' throwaway cluster (initdb/pg_ctl from `pg_config --bindir`).
import { startPostgresCluster } from '@toolcell/vitest-config/postgres-cluster';
import type { DurableCells } from '../src/index.js';
import { approvalCells } from './durable-bench-cells.mjs';

const SECRET = 'bench-secret-0123456789abcdefghijklmnop';
const KEYS = { current: { id: 'bench', secret: SECRET } };
const PROGRAMS: Record<string, { source: string; samples: number }> = {
  trivial: { source: 'return await tools.approve({});', samples: 15 },
  // As the sandbox's durable bench: text a model's tools might return, about 1 MB of it.
  '1 MB of live data': {
    source: `const parts = Array.from({ length: 1000 }, (_, i) => Array.from({ length: 100 }, (_, j) => ((i * 7919 + j * 104729) % 1000003).toString(36)).join(' ').padEnd(1000, '.')); return [await tools.approve({}), parts.length];`,
    samples: 9,
  },
};
const TARGETS = { suspendMs: 25, resumeMs: 50, coldMs: 200 };
const COLD_SAMPLES = 7;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const met = (value: number, target: number): string => (value <= target ? 'yes' : 'NO');

function stack(store: DurableStore, transport: DurableSandboxTransport): DurableCells {
  return approvalCells({ store, transport, keys: KEYS });
}

let counter = 0;

/** `store` with the time spent in its methods summed in `spent.ms` (the calls of one cell are sequential), and the size of the last snapshot written. */
function timed(store: DurableStore): { store: DurableStore; spent: { ms: number; snapshotBytes: number } } {
  const spent = { ms: 0, snapshotBytes: 0 };
  const wrapped = new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const snapshot = property === 'writeCell' ? (args[0] as { snapshot?: Uint8Array }).snapshot : undefined;
        if (snapshot !== undefined) spent.snapshotBytes = snapshot.byteLength;
        const started = performance.now();
        try {
          return await (value as (...args: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          spent.ms += performance.now() - started;
        }
      };
    },
  });
  return { store: wrapped, spent };
}

/** Start `source` until it is suspended in the store, and decide its approval; returns the time to suspend and the key. */
async function suspendAndDecide(cells: DurableCells, source: string, spent = { ms: 0 }) {
  counter += 1;
  const started = performance.now();
  const report = await cells.start({ code: source, session: 'bench', callId: `exec_${counter}` });
  const suspendMs = performance.now() - started;
  const storeMs = spent.ms;
  if (report.status !== 'suspended') throw new Error(`not suspended: ${JSON.stringify(report)}`);
  for (const approval of report.pendingApprovals) await cells.decide(approval.approvalId, { type: 'approve' });
  return { suspendMs, storeMs, key: report.key };
}

/** The time of one run of `source` on `transport` with its approval answered at once (no suspension, no store). */
async function programAlone(transport: DurableSandboxTransport, source: string): Promise<number> {
  const bindings = [{ jsName: 'approve', canonicalName: 'approve', description: '', kind: 'function' as const }];
  const started = performance.now();
  const result = await transport.run({ source, bindings, onToolBatch: (calls) => calls.map(async () => ({ ok: true as const, value: null })) });
  if (result.status !== 'completed') throw new Error(`not completed: ${result.status}`);
  return performance.now() - started;
}

/** Suspend and resume each program `samples` times (after two unmeasured rounds) on one warm transport. */
async function backendRows(backend: string, plainStore: DurableStore): Promise<Array<Record<string, string>>> {
  const transport = createInProcessTransport();
  const { store, spent } = timed(plainStore);
  const cells = stack(store, transport);
  const rows: Array<Record<string, string>> = [];
  try {
    for (const [name, { source, samples }] of Object.entries(PROGRAMS)) {
      const suspends: number[] = [];
      const resumes: number[] = [];
      const suspendStore: number[] = [];
      const resumeStore: number[] = [];
      const sealedBytes: number[] = [];
      const alones: number[] = [];
      for (let sample = -2; sample < samples; sample += 1) {
        // Beside each sample, on the same warm transport: the machine's load drifts between samples.
        const alone = await programAlone(transport, source);
        spent.ms = 0;
        const { suspendMs, key, storeMs } = await suspendAndDecide(cells, source, spent);
        spent.ms = 0;
        const started = performance.now();
        const report = await cells.resume(key);
        const resumeMs = performance.now() - started;
        if (report.status !== 'completed') throw new Error(`not completed: ${report.status}`);
        if (sample < 0) continue;
        suspends.push(suspendMs);
        alones.push(alone);
        resumes.push(resumeMs);
        suspendStore.push(storeMs);
        resumeStore.push(spent.ms);
        sealedBytes.push(spent.snapshotBytes);
      }
      const alone = median(alones);
      // What suspending adds: the program's own run to its park point is not the store's or the seal's.
      const suspend = median(suspends.map((started, index) => started - (alones[index] ?? 0)));
      const resume = median(resumes);
      const targeted = backend === 'files';
      rows.push({
        backend,
        cell: name,
        'start ms (run to park + seal + write)': median(suspends).toFixed(1),
        'snapshot KB': (median(sealedBytes) / 1024).toFixed(0),
        'program alone ms': alone.toFixed(1),
        'suspend ms (start − program alone, per sample)': suspend.toFixed(1),
        'of which in the store': median(suspendStore).toFixed(1),
        'resume ms (lease, journal, call, restore, write)': resume.toFixed(1),
        'of which in the store ': median(resumeStore).toFixed(1),
        [`suspend ≤ ${TARGETS.suspendMs} ms met`]: targeted ? met(suspend, TARGETS.suspendMs) : `(${met(suspend, TARGETS.suspendMs)}: files target)`,
        [`resume ≤ ${TARGETS.resumeMs} ms met`]: targeted ? met(resume, TARGETS.resumeMs) : `(${met(resume, TARGETS.resumeMs)}: files target)`,
      });
    }
  } finally {
    await transport.close();
  }
  return rows;
}

/** A resume in a fresh `node` per sample, from the built packages: import, then resume a decided trivial cell from a file store. */
async function coldRow(directory: string): Promise<Record<string, string>> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'durable-cold-resume.mjs');
  const transport = createInProcessTransport();
  const cells = stack(new FileDurableStore({ directory }), transport);
  const figures: Array<{ importMs: number; resumeMs: number; storeMs: number; totalMs: number; processMs: number }> = [];
  try {
    for (let sample = 0; sample < COLD_SAMPLES; sample += 1) {
      const { key } = await suspendAndDecide(cells, PROGRAMS.trivial?.source ?? '');
      const spawned = performance.now();
      const child = spawnSync(process.execPath, [script, directory, key.scope, key.session, key.cell, SECRET], { encoding: 'utf8' });
      const processMs = performance.now() - spawned;
      if (child.status !== 0) throw new Error(`the cold resume failed: ${child.stderr}`);
      figures.push({ ...(JSON.parse(child.stdout) as { importMs: number; resumeMs: number; storeMs: number; totalMs: number }), processMs });
    }
  } finally {
    await transport.close();
  }
  const total = median(figures.map((figure) => figure.totalMs));
  return {
    'import ms': median(figures.map((figure) => figure.importMs)).toFixed(1),
    'resume ms (new instance, from the store)': median(figures.map((figure) => figure.resumeMs)).toFixed(1),
    'of which in the store': median(figures.map((figure) => figure.storeMs)).toFixed(1),
    'import + resume ms': total.toFixed(1),
    'process, spawn to exit ms': median(figures.map((figure) => figure.processMs)).toFixed(1),
    [`import + resume ≤ ${TARGETS.coldMs} ms met`]: met(total, TARGETS.coldMs),
  };
}

/** Print the durable cells' store figures: files and PostgreSQL (or why PostgreSQL was left out), and a cold-process resume. */
export async function printDurableStoreCases(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'toolcell-bench-store-'));
  const context = `medians; load ${loadavg()[0]?.toFixed(2)}`;
  try {
    const rows = await backendRows('files', new FileDurableStore({ directory }));
    let postgresNote = '';
    let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | undefined;
    try {
      cluster = await startPostgresCluster();
    } catch (error) {
      postgresNote = `PostgreSQL left out: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
    if (cluster !== undefined) {
      const store = new PostgresDurableStore({ connectionString: cluster.url, schema: 'bench' });
      try {
        rows.push(...(await backendRows('postgres (fsync off)', store)));
      } finally {
        await store.close();
        cluster.close();
      }
    }
    printTable(`durable cells: suspend to the store and resume from it, warm pool (${context})`, rows);
    if (postgresNote !== '') console.log(postgresNote);
    const built = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bundle', 'index.js');
    if (!existsSync(built)) {
      console.log('durable cells: the cold-process resume needs the built packages (run `pnpm build`); left out.');
      return;
    }
    printTable(`durable cells: resume in a cold process (a fresh node per sample, the built packages, a file store; ${context})`, [await coldRow(directory)]);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
