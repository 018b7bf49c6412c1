// The floor of a worker round trip on this machine, with nothing of toolcell in it: a worker
// that "runs a guest turn" (spins `turnUs`), stores a counter, notifies and spins for the
// answer, and a host that wakes in Atomics.waitAsync, "works" (spins `hostUs`) and stores
// the answer. Each side waits for the other, so a round trip costs at least turn + host work;
// what it costs beyond that is the machine's two wake-ups (and, when the woken host lands on
// the worker's core, the preemption inside the notify), which no transport of this shape can
// avoid (see the worker-thread decision record).
import { Worker } from 'node:worker_threads';

const PING_PONG_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const words = new Int32Array(workerData.shared);
const spin = (us) => { const end = performance.now() + us / 1000; while (performance.now() < end); };
let notifyMs = 0;
const started = performance.now();
for (let round = 1; round <= workerData.rounds; round += 1) {
  spin(workerData.turnUs);
  Atomics.store(words, 0, round);
  const before = performance.now();
  Atomics.notify(words, 0);
  notifyMs += performance.now() - before;
  while (Atomics.load(words, 1) !== round);
}
parentPort.postMessage({ roundTripMs: (performance.now() - started) / workerData.rounds, notifyMs: notifyMs / workerData.rounds });`;

type WaitAsync = (view: Int32Array, index: number, value: number) => { async: boolean; value: unknown };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

/** µs per round trip and per notify for a guest turn of `turnUs` and host work of `hostUs`. */
export async function pingPongFloor(turnUs: number, hostUs: number, rounds = 4_000): Promise<{ roundTripUs: number; notifyUs: number }> {
  const shared = new SharedArrayBuffer(8);
  const words = new Int32Array(shared);
  const worker = new Worker(PING_PONG_WORKER, { eval: true, workerData: { shared, rounds, turnUs } });
  const done = new Promise<{ roundTripMs: number; notifyMs: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  let seen = 0;
  const answer = (): void => {
    seen = Atomics.load(words, 0);
    const end = performance.now() + hostUs / 1000;
    while (performance.now() < end);
    Atomics.store(words, 1, seen);
    if (seen < rounds) listen();
  };
  const listen = (): void => {
    const waited = waitAsync(words, 0, seen);
    if (waited.async) void (waited.value as Promise<unknown>).then(answer);
    else answer();
  };
  listen();
  const { roundTripMs, notifyMs } = await done;
  await worker.terminate();
  return { roundTripUs: roundTripMs * 1000, notifyUs: notifyMs * 1000 };
}

/** The floor for a turn and host work of about the sizes a nested call has here (µs). */
export async function pingPongFloorCases(): Promise<Array<Record<string, string>>> {
  const rows: Array<Record<string, string>> = [];
  for (const [turnUs, hostUs] of [[50, 0], [50, 30]] as const) {
    const { roundTripUs, notifyUs } = await pingPongFloor(turnUs, hostUs);
    rows.push({
      'guest turn': `${turnUs} µs`,
      'host work': `${hostUs} µs`,
      'the work (turn + host)': `${turnUs + hostUs} µs`,
      'round trip': `${roundTripUs.toFixed(1)} µs`,
      "the worker's notify": `${notifyUs.toFixed(1)} µs`,
    });
  }
  return rows;
}
