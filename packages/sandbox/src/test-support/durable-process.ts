// A process for durable-process.slow.test.ts: `suspend <file> <transport>` runs a durable
// program to its park point on that transport, writes the sealed snapshot to <file>, prints
// "sealed" and waits to be killed; `resume <file> <transport>` resumes it in this fresh
// process, an hour later by its clock, and prints the result as JSON.
import { readFileSync, writeFileSync } from 'node:fs';
import type { DurableSandboxTransport } from '../contract/sandbox-transport.js';
import { createInProcessTransport } from '../host/in-process-transport.js';
import { createChildProcessTransport } from '../node/child-process-transport.js';
import { createWorkerTransport } from '../node/worker-transport.js';
import { DURABLE_BINDINGS, durableFor, parkAllButMul } from './durable-fixtures.js';

const [mode, file, kind = 'in process'] = process.argv.slice(2) as [string, string, string?];
const LIMITS = { bootTimeoutMs: 60_000 };
const transports: Record<string, () => DurableSandboxTransport> = {
  'in process': () => createInProcessTransport({ prewarm: false }),
  'child process': () => createChildProcessTransport({ limits: LIMITS, pool: { size: 1 } }),
  'worker thread': () => createWorkerTransport({ limits: LIMITS, pool: { size: 1 } }),
};
const transport = (transports[kind] as () => DurableSandboxTransport)();

// In process the resume's clock is an hour ahead, so the ten-minute timer is overdue; a peer
// keeps the real clock, so there the timer is two seconds (due by the time the resume runs, or soon after).
const TIMER_MS = kind === 'in process' ? 600_000 : 2_000;
const SOURCE = `
  const base = await tools.mul({ a: 6, b: 7 });
  text('before: ' + base);
  const late = new Promise((resolve) => setTimeout(() => { text('timer fired'); resolve(base + 1); }, ${TIMER_MS}));
  const [product, approval] = await Promise.all([tools.mul({ a: 2, b: base }), tools.approve({ action: 'send' })]);
  text('approved: ' + approval);
  return { base, product, approval, late: await late, random: Math.random() < 1 };
`;

if (mode === 'suspend') {
  const result = await transport.runDurable({ source: SOURCE, bindings: DURABLE_BINDINGS, onToolBatch: parkAllButMul, durable: durableFor() });
  if (result.status !== 'suspended') throw new Error(`not suspended: ${JSON.stringify(result)}`);
  writeFileSync(file, result.snapshot);
  process.stdout.write(`sealed ${JSON.stringify({ parked: result.parked, output: result.output, stats: result.stats })}\n`);
  setInterval(() => undefined, 60_000);
} else {
  // An hour later: the ten-minute timer is overdue and fires at once.
  const realNow = Date.now;
  Date.now = () => realNow() + 3_600_000;
  const snapshot = new Uint8Array(readFileSync(file));
  const result = await transport.resume({ snapshot, answers: [{ id: 3, response: { ok: true, value: 'granted' } }], onToolBatch: parkAllButMul, durable: durableFor() });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await transport.close();
}
