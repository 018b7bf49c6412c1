// Faults of durable cells across processes and servers (issue 32, "Bad input and faults"): a
// process killed (SIGKILL) while an approved call runs, two processes resuming the same cells
// at once, and a PostgreSQL server that goes away mid-resume. A kill while approvals are
// pending is durable-cells-process.slow.test.ts. Slow: fresh processes start from sources
// through tsx, and a throwaway PostgreSQL cluster starts for this file.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { PostgresDurableStore } from '@toolcell/durable-store/postgres';
import { StoreError } from '@toolcell/durable-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The throwaway cluster of the store package's tests: this file needs a server of its own to stop.
import type { PostgresCluster } from '@toolcell/vitest-config/postgres-cluster';
import { startPostgresCluster } from '@toolcell/vitest-config/postgres-cluster';
import { durablePerTest } from '../test-support/durable-per-test.js';
import type { durableSetup } from '../test-support/durable-setup.js';
import { THREE_WRITES, TEST_KEYS, approveAll, suspendCell } from '../test-support/durable-setup.js';
import type { DurableCellReport } from './durable-cell-report.js';
import { DurableCells } from './durable-cells.js';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
const CHILD = fileURLToPath(new URL('../test-support/durable-fault-child.ts', import.meta.url));
const ROUNDS = 20;
const LEASE_TTL_MS = 60_000;

const durable = durablePerTest('toolcell-durable-faults-');
const setup = durable.setup;

/** Spawn the fault child; `onStdout` sees its output as it comes; resolves with its exit. */
function child(args: readonly string[], onStdout: (text: string, stdin: NodeJS.WritableStream) => void = () => undefined) {
  return new Promise<{ stdout: string; stderr: string; code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    const spawned = spawn(process.execPath, ['--conditions=@toolcell/source', '--import', TSX, CHILD, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    spawned.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout(stdout, spawned.stdin);
    });
    spawned.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    spawned.on('error', reject);
    spawned.on('exit', (code, signal) => resolve({ stdout, stderr, code, signal }));
  });
}

/** Cells over the setup's registry, runtime and transport, and a file store over the same directory whose clock runs `offsetMs` ahead (a lease left by a dead process has expired). */
function laterHost(made: ReturnType<typeof durableSetup>, offsetMs: number): DurableCells {
  const store = new FileDurableStore({ directory: join(durable.directory, 'store'), now: () => Date.now() + offsetMs });
  return new DurableCells({ registry: made.registry, runtime: made.runtime, transport: made.transport, keys: TEST_KEYS, store });
}

/** The lease a dead resumer leaves runs DurableCells' default 5 minutes. */
const AFTER_ITS_LEASE = 5 * 60_000 + 1;

describe('durable cells: a process killed (SIGKILL) while an approved call runs', () => {
  it('the call found started is an "outcome unknown" failure and never runs again; the others run once', { timeout: 120_000 }, async () => {
    const made = setup();
    const report = await suspendCell(made.cells);
    await approveAll(made.cells, report);
    const killed = await child(['die-in-write', durable.directory, report.key.scope, report.key.session, report.key.cell]);
    expect(killed.signal).toBe('SIGKILL');
    expect(made.effects()).toEqual(['a.txt']);
    expect(await made.store.readJournal(report.key)).toContainEqual({ callId: '1', state: 'started' });
    // Until the dead process's lease expires, another resume is refused, not run.
    await expect(made.cells.resume(report.key)).rejects.toMatchObject({ code: 'STORE_LEASE_HELD', message: expect.stringContaining('a process killed mid-write') });
    const done = await laterHost(made, AFTER_ITS_LEASE).resume(report.key);
    expect(done).toMatchObject({ status: 'completed', returnValue: ['OUTCOME_UNKNOWN', 'wrote b.txt', 'wrote c.txt'] });
    expect(made.effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('an idempotent tool runs again once, under the call id the killed process used', { timeout: 120_000 }, async () => {
    const made = setup({ idempotent: true });
    const report = await suspendCell(made.cells);
    await approveAll(made.cells, report);
    const killed = await child(['die-in-write', durable.directory, report.key.scope, report.key.session, report.key.cell, 'idempotent']);
    expect(killed.signal).toBe('SIGKILL');
    const [diedIn] = (await readFile(join(durable.directory, 'died.log'), 'utf8')).trim().split('\n');
    const ran: string[] = [];
    made.runtime.onPostExecute((call) => void ran.push(call.callId));
    const done = await laterHost(made, AFTER_ITS_LEASE).resume(report.key);
    expect(done).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(made.effects()).toEqual(['a.txt', 'a.txt', 'b.txt', 'c.txt']);
    expect(ran[0]).toBe(diedIn);
    expect(diedIn).toBe('exec_1:code:1');
  });
});

describe('durable cells: two processes resume the same cells at once', () => {
  it(`${ROUNDS} cells, two racers each resuming every one: each write happens once, and every cell ends completed`, { timeout: 240_000 }, async () => {
    const made = setup();
    for (let round = 0; round < ROUNDS; round += 1) {
      const code = THREE_WRITES.replaceAll(/'([abc])\.txt'/g, `'${round}-$1.txt'`);
      await approveAll(made.cells, await suspendCell(made.cells, code, `race-${round}`));
    }
    // Both racers start, say they are ready, and are told to go at the same moment.
    let ready = 0;
    const stdins: NodeJS.WritableStream[] = [];
    const whenReady = (text: string, stdin: NodeJS.WritableStream): void => {
      if (!text.startsWith('ready') || stdins.includes(stdin)) return;
      stdins.push(stdin);
      ready += 1;
      if (ready === 2) for (const each of stdins) each.write('go\n');
    };
    const racers = await Promise.all([child(['race', durable.directory, String(ROUNDS)], whenReady), child(['race', durable.directory, String(ROUNDS)], whenReady)]);
    for (const racer of racers) expect(racer, racer.stderr).toMatchObject({ code: 0 });
    const answers = racers.map((racer) => JSON.parse(racer.stdout.trim().split('\n').at(-1) ?? '[]') as string[]);
    // Per cell: one racer ran it; the other was refused (STORE_LEASE_HELD) or read its final report (also "completed").
    for (let round = 0; round < ROUNDS; round += 1) {
      expect(answers.map((list) => list[round])).toEqual(expect.arrayContaining(['completed']));
      expect(answers.every((list) => ['completed', 'STORE_LEASE_HELD'].includes(list[round] ?? ''))).toBe(true);
    }
    const expected = Array.from({ length: ROUNDS }, (_, round) => ['a', 'b', 'c'].map((name) => `${round}-${name}.txt`)).flat();
    expect(made.effects().sort()).toEqual(expected.sort());
    for (let round = 0; round < ROUNDS; round += 1) {
      const final = await made.cells.resume({ scope: 'root', session: 'chat-1', cell: `race-${round}` });
      expect(final).toMatchObject({ status: 'completed', returnValue: ['a', 'b', 'c'].map((name) => `wrote ${round}-${name}.txt`) });
    }
    expect(made.effects()).toHaveLength(ROUNDS * 3);
  });
});

describe('durable cells on PostgreSQL: the server goes away mid-resume', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  }, 240_000);
  afterAll(() => cluster.close());

  it('a waiter woken by NOTIFY resumes the cell once its whole batch is decided by another machine', { timeout: 240_000 }, async () => {
    const made = setup();
    const [waiting, deciding] = [0, 1].map(() => new PostgresDurableStore({ connectionString: cluster.url, schema: 'notify' }));
    for (const store of [waiting, deciding]) durable.onClose(() => store?.close());
    if (waiting?.watchDecisions === undefined || deciding === undefined) throw new Error('expected two stores that watch');
    const options = { registry: made.registry, runtime: made.runtime, transport: made.transport, keys: TEST_KEYS };
    const here = new DurableCells({ ...options, store: waiting });
    const elsewhere = new DurableCells({ ...options, store: deciding });
    const report = await suspendCell(here);
    // The waiter: on each notice, resume the notice's cell once nothing of its batch is pending.
    // Two notices may both find the batch decided: the second resume is refused while the
    // first holds the lease (or answers the final report), and nothing runs twice.
    let finished!: (report: DurableCellReport) => void;
    const done = new Promise<DurableCellReport>((resolve) => (finished = resolve));
    const refusals: string[] = [];
    const watch = await waiting.watchDecisions((notice) => {
      void here
        .read(notice.key)
        .then(async (current) => {
          if (current?.status === 'suspended' && current.pendingApprovals.length === 0) finished(await here.resume(notice.key));
        })
        .catch((error: unknown) => refusals.push(StoreError.isInstance(error) ? error.code : String(error)));
    });
    durable.onClose(() => watch.close());
    for (const approval of report.pendingApprovals) await elsewhere.decide(approval.approvalId, { type: 'approve' });
    expect(await done).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(made.effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(refusals.every((code) => code === 'STORE_LEASE_HELD')).toBe(true);
  });

  it('the resume fails STORE_UNAVAILABLE (retryable); once the server is back the cell resumes, each write once', { timeout: 240_000 }, async () => {
    const made = setup();
    const clock = { offset: 0 };
    const store = new PostgresDurableStore({ connectionString: cluster.url, schema: 'faults', now: () => Date.now() + clock.offset });
    durable.onClose(() => store.close());
    const cells = new DurableCells({ registry: made.registry, runtime: made.runtime, transport: made.transport, keys: TEST_KEYS, store, leaseTtlMs: LEASE_TTL_MS });
    const report = await suspendCell(cells);
    await approveAll(cells, report);
    // The first approved call's guard stops the server: the write runs, its outcome cannot be recorded.
    let stopped = false;
    const removeGuard = made.runtime.addGuard(() => {
      if (!stopped) cluster.stop();
      stopped = true;
      return undefined;
    });
    const error = await cells.resume(report.key).catch((caught: unknown) => caught);
    removeGuard();
    expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE', retryable: true, message: expect.stringContaining('The PostgreSQL store could not move the call') });
    expect(made.effects()).toEqual(['a.txt']);
    cluster.start();
    // The lease could not be released while the server was gone: the cell waits until it expires.
    await expect(cells.resume(report.key)).rejects.toMatchObject({ code: 'STORE_LEASE_HELD' });
    clock.offset = LEASE_TTL_MS + 1;
    expect(await cells.resume(report.key)).toMatchObject({ status: 'completed', returnValue: ['OUTCOME_UNKNOWN', 'wrote b.txt', 'wrote c.txt'] });
    expect(made.effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });
});
