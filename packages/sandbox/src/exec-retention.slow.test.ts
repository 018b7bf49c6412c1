import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { RetentionReport, RetentionSubject } from './test-support/retention-probe.js';

// A host runs `exec` for weeks: what a program leaves in the heap must be collectable. For
// each transport's host, and for the guest server a child or a worker runs, a probe process
// runs a few thousand programs that call a tool, back to back as a busy host does (in
// process with answers that settle at once, the event loop never comes round between
// them), and reports the bytes of JavaScript values (not compiled code) left per program.
// The turn scheduler once queued a task per program on the event loop: ~330 bytes a
// program, kept until the loop came round (issue 28).

const execFileAsync = promisify(execFile);
const PROBE = fileURLToPath(new URL('./test-support/retention-probe.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;

/** Bytes a program may leave, on average: far over the noise (a few bytes), far under a program's objects kept. */
const MAX_BYTES_PER_EXEC = 100;

/** Programs before the first heap snapshot, then between the two: fewer where each crosses a pipe or a thread. */
const PLANS: Array<[RetentionSubject, { warmUp: number; execs: number }]> = [
  ['in process', { warmUp: 300, execs: 2000 }],
  ['worker thread', { warmUp: 300, execs: 1000 }],
  ['child process', { warmUp: 200, execs: 800 }],
  ['guest server', { warmUp: 300, execs: 2000 }],
];

async function probe(subject: RetentionSubject, warmUp: number, execs: number): Promise<RetentionReport> {
  const { stdout } = await execFileAsync(process.execPath, ['--conditions=@toolcell/source', '--import', TSX, PROBE, subject, String(warmUp), String(execs)], {
    timeout: 110_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as RetentionReport;
}

describe('the heap of a host that runs programs back to back (slow)', () => {
  it.each(PLANS)(`keeps less than ${MAX_BYTES_PER_EXEC} bytes per program that calls a tool: %s`, { timeout: 120_000 }, async (subject, { warmUp, execs }) => {
    const report = await probe(subject, warmUp, execs);
    expect(report.execs).toBe(execs);
    expect(report.bytesPerExec).toBeLessThan(MAX_BYTES_PER_EXEC);
  });
});
