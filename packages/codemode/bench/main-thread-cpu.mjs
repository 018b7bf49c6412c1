// The main thread's own CPU time, for the cold probes: process.cpuUsage() also counts V8's
// background threads (the WebAssembly compile, its tier-up, the GC's helpers), and wall
// time counts the waits for a CPU on a loaded machine. Linux only (/proc); elsewhere the
// readings are undefined and the probes leave the figures out. Only the probing process is
// counted, and only its main thread: a child's or a worker's guest is not.
import { readFileSync } from 'node:fs';
import process from 'node:process';

const schedstat = `/proc/self/task/${process.pid}/schedstat`;
const cell = new Int32Array(new SharedArrayBuffer(4));

/** `{ runMs, waitMs }`: time on a CPU and time waiting for one, so far; undefined off Linux. */
export function mainThreadTimes() {
  try {
    // A 1 µs sleep makes the kernel account the time run so far (it does at each switch).
    Atomics.wait(cell, 0, 0, 0.001);
    const [run, wait] = readFileSync(schedstat, 'latin1').split(' ').map(Number);
    return { runMs: run / 1e6, waitMs: wait / 1e6 };
  } catch {
    return undefined;
  }
}

/** The fields a probe adds for the span from `from` to `to` (readings of {@link mainThreadTimes}), named after it. */
export function mainThreadFields(name, from, to) {
  if (from === undefined || to === undefined) return {};
  const ms = (value) => Math.round(value * 100) / 100;
  return { [`${name}MainCpuMs`]: ms(to.runMs - from.runMs), [`${name}CpuWaitMs`]: ms(to.waitMs - from.waitMs) };
}
