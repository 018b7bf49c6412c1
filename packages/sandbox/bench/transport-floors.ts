// Each isolated transport against the bare floor of its own mechanism, measured in the same
// run (issue 36): two threads that ping-pong over a worker_threads MessagePort (and over
// shared memory with Atomics, what the worker transport uses), and two processes that
// ping-pong over pipes (the child reads with a blocking read, the cheapest wake-up a pipe
// has). Each side does the work of a nested call: the guest a turn, the host its answer, of
// the sizes the in-process transport measures in the same run. A round trip can cost no less
// than that work plus the machine's two wake-ups; a transport's per-call figure (100
// sequential calls over the trivial program) is printed beside it, back to back and paced
// (5 ms idle before each run of 100), with the verdict against the target (≤ 1.5×).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { printTable } from '@toolcell/bench-kit';
import { loadAverage, pacedFigures } from '@toolcell/bench-kit/quickjs-floor';
import { pingPongFloor } from './ping-pong-floor.js';
import type { TransportCase } from './transport-cases.js';

const CALLS = 100;
const PACED_IDLE_MS = 5;
const TARGET = 1.5;
const MESSAGE_BYTES = 96;

const SPIN = 'const spin = (us) => { const end = performance.now() + us / 1000; while (performance.now() < end); };';

/** The guest side over a MessagePort: each message is a call's answer; it runs a turn and sends the next call. */
const PORT_GUEST = `
const { parentPort, workerData } = require('node:worker_threads');
${SPIN}
parentPort.on('message', (message) => { spin(workerData.turnUs); parentPort.postMessage(message); });`;

/** The guest side over pipes: a blocking read of the answer, a turn, the next call written. */
const PIPE_GUEST = `
const { readSync, writeSync } = require('node:fs');
${SPIN}
const turnUs = Number(process.argv[1]);
const buffer = Buffer.alloc(65536);
for (;;) {
  let count;
  try { count = readSync(0, buffer, 0, buffer.length, null); } catch (error) { if (error.code === 'EAGAIN') continue; throw error; }
  if (count === 0) break;
  spin(turnUs);
  writeSync(1, buffer, 0, count);
}`;

function spin(us: number): void {
  const end = performance.now() + us / 1000;
  while (performance.now() < end);
}

/** A bare ping-pong: `roundTrips(n)` resolves after n sequential round trips, each with the host's work. */
interface PingPong {
  roundTrips(count: number): Promise<void>;
  close(): Promise<void>;
}

function portPingPong(turnUs: number, hostUs: number): PingPong {
  const worker = new Worker(PORT_GUEST, { eval: true, workerData: { turnUs } });
  const message = new Uint8Array(MESSAGE_BYTES);
  let left = 0;
  let done: () => void = () => undefined;
  worker.on('message', (answer: Uint8Array) => {
    left -= 1;
    if (left === 0) return done();
    spin(hostUs);
    worker.postMessage(answer);
  });
  return {
    roundTrips: (count) =>
      new Promise((resolve) => {
        left = count;
        done = resolve;
        worker.postMessage(message);
      }),
    close: async () => void (await worker.terminate()),
  };
}

function pipePingPong(turnUs: number, hostUs: number): PingPong {
  const child: ChildProcess = spawn(process.execPath, ['-e', PIPE_GUEST, String(turnUs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const message = Buffer.alloc(MESSAGE_BYTES, 1);
  let left = 0;
  let received = 0;
  let done: () => void = () => undefined;
  child.stdout?.on('data', (chunk: Buffer) => {
    // A read may join or split messages: count whole ones.
    received += chunk.length;
    while (received >= MESSAGE_BYTES) {
      received -= MESSAGE_BYTES;
      left -= 1;
      if (left === 0) return done();
      spin(hostUs);
      child.stdin?.write(message);
    }
  });
  return {
    roundTrips: (count) =>
      new Promise((resolve) => {
        left = count;
        done = resolve;
        child.stdin?.write(message);
      }),
    close: async () => {
      child.stdin?.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** µs per round trip (p50 over runs of {@link CALLS}), back to back and paced. */
async function perRoundTrip(pingPong: PingPong): Promise<{ backToBack: number; paced: number }> {
  for (let round = 0; round < 20; round += 1) await pingPong.roundTrips(CALLS);
  const run = () => pingPong.roundTrips(CALLS);
  const [backToBack, paced] = [await pacedFigures(run, { samples: 100 }), await pacedFigures(run, { idleMs: PACED_IDLE_MS, samples: 100 })];
  return { backToBack: (backToBack.p50 * 1000) / CALLS, paced: (paced.p50 * 1000) / CALLS };
}

/** The work of one nested call, in µs, as the in-process transport shows it in this run. */
export interface CallWork {
  /** The guest's turn per call. */
  readonly turnUs: number;
  /** The host's answer per call. */
  readonly hostUs: number;
}

/** The floor of each mechanism for `work`, µs per round trip. */
export async function transportFloors(work: CallWork): Promise<Record<'MessagePort' | 'Atomics' | 'pipes', { backToBack: number; paced: number }>> {
  const port = portPingPong(work.turnUs, work.hostUs);
  const portFigures = await perRoundTrip(port);
  await port.close();
  const pipes = pipePingPong(work.turnUs, work.hostUs);
  const pipeFigures = await perRoundTrip(pipes);
  await pipes.close();
  // The shared-memory ping-pong has no paced form of its own: each of its rounds waits as a call does.
  const atomics = (await pingPongFloor(work.turnUs, work.hostUs, 4_000)).roundTripUs;
  return { MessagePort: portFigures, pipes: pipeFigures, Atomics: { backToBack: atomics, paced: Number.NaN } };
}

const verdict = (ratio: number): string => (Number.isNaN(ratio) ? '—' : ratio <= TARGET ? 'yes' : 'NO');

/**
 * Print each isolated transport's per-call figure beside its mechanism's floor, and every
 * transport's Promise.all of 100 beside the in-process floor's, with the load average.
 */
export async function printTransportFloors(cases: readonly TransportCase[], work: CallWork): Promise<void> {
  const load = loadAverage();
  const floors = await transportFloors(work);
  const byName = new Map(cases.map((entry) => [entry.name, entry]));
  const perCall = (prefix: string, pacing: string): number => {
    const sequential = byName.get(`${prefix} · 100 sequential${pacing}`)?.p50 ?? Number.NaN;
    const trivial = byName.get(`${prefix} · trivial${pacing}`)?.p50 ?? Number.NaN;
    return ((sequential - trivial) * 1000) / CALLS;
  };
  /** CPU per nested call (µs) on each side, back to back: the 100 calls' CPU over the trivial program's. */
  const cpuPerCall = (prefix: string, side: 'hostMs' | 'peerMs'): string => {
    const sequential = byName.get(`${prefix} · 100 sequential`)?.cpu?.[side] ?? Number.NaN;
    const trivial = byName.get(`${prefix} · trivial`)?.cpu?.[side] ?? Number.NaN;
    const us = ((sequential - trivial) * 1000) / CALLS;
    return Number.isNaN(us) ? '—' : `${us.toFixed(1)} µs`;
  };
  /** The guest's turn per nested call (µs), by the engine's clock where it ran: 100 calls' over the trivial program's. */
  const guestTurn = (prefix: string, pacing: string): string => {
    const sequential = byName.get(`${prefix} · 100 sequential${pacing}`)?.guestCpuMs ?? Number.NaN;
    const trivial = byName.get(`${prefix} · trivial${pacing}`)?.guestCpuMs ?? Number.NaN;
    const us = ((sequential - trivial) * 1000) / CALLS;
    return Number.isNaN(us) ? '—' : `${us.toFixed(1)} µs`;
  };
  const rows: Array<Record<string, string>> = [];
  for (const [transport, floorName] of [
    ['worker thread', 'MessagePort'],
    ['worker thread', 'Atomics'],
    ['child process', 'pipes'],
  ] as const) {
    for (const [pacing, key] of [
      ['', 'backToBack'],
      [', paced', 'paced'],
    ] as const) {
      const floor = floors[floorName][key];
      if (Number.isNaN(floor)) continue;
      const measured = perCall(transport, pacing);
      rows.push({
        transport: `${transport}${pacing}`,
        floor: `${floorName}: ${floor.toFixed(1)} µs`,
        'per call': `${measured.toFixed(1)} µs`,
        '× floor': (measured / floor).toFixed(2),
        [`≤ ${TARGET}×`]: verdict(measured / floor),
        // What a call costs each side (the floor's: a turn and the host's work, as timed spins).
        'guest turn': guestTurn(transport, pacing),
        'CPU: host': pacing === '' ? cpuPerCall(transport, 'hostMs') : '',
        'CPU: peer (with its wait)': pacing === '' ? cpuPerCall(transport, 'peerMs') : '',
      });
    }
  }
  printTable(
    `nested call on an isolated transport vs a bare ping-pong of its mechanism (guest turn ${work.turnUs.toFixed(0)} µs + host ${work.hostUs.toFixed(0)} µs a call, from the in-process figures of this run; guest turn: the turn a call costs the guest by the engine's own clock in the peer (in process: ${guestTurn('in process', '')}), as the floor's turn is a timed spin; the CPU columns: what the host's main thread and the peer (a child's process, a worker's threads) spent a call, from /proc on Linux; load average ${load})`,
    rows,
  );
  const parallelRows: Array<Record<string, string>> = [];
  for (const pacing of ['', ', paced']) {
    const floor = byName.get(`raw QuickJS (floor) · Promise.all 100${pacing}`)?.p50 ?? Number.NaN;
    for (const transport of ['in process', 'child process', 'worker thread']) {
      const measured = byName.get(`${transport} · Promise.all 100${pacing}`)?.p50 ?? Number.NaN;
      if (Number.isNaN(measured)) continue;
      // An isolated run does the in-process run's work, plus its start and end across the boundary (the trivial program's extra) and the batch's round trip.
      const p50 = (name: string): number => byName.get(name)?.p50 ?? Number.NaN;
      const boundary = p50(`${transport} · trivial${pacing}`) - p50(`in process · trivial${pacing}`);
      const roundTrip = measured - p50(`in process · Promise.all 100${pacing}`) - boundary;
      parallelRows.push({
        transport: `${transport}${pacing}`,
        'in-process floor': `${floor.toFixed(3)} ms`,
        'Promise.all 100': `${measured.toFixed(3)} ms`,
        '× floor': (measured / floor).toFixed(2),
        [`≤ ${TARGET}×`]: verdict(measured / floor),
        'run start + end across': transport === 'in process' ? '' : `${boundary.toFixed(3)} ms`,
        "the batch's round trip": transport === 'in process' ? '' : `${roundTrip.toFixed(3)} ms`,
      });
    }
  }
  printTable(
    `Promise.all of 100 beside the raw in-process floor (p50; an isolated transport's = in process's + its run's start and end across the boundary, the trivial program's extra over in process + the batch's one round trip; load average ${loadAverage()})`,
    parallelRows,
  );
}
