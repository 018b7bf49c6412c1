// A process for durable-process.slow.test.ts: `suspend <file>` runs a durable program to its
// park point, writes the sealed snapshot to <file>, prints "sealed" and waits to be killed;
// `resume <file>` resumes it in this fresh process, an hour later by its clock, and prints
// the result as JSON.
import { readFileSync, writeFileSync } from 'node:fs';
import { createInProcessTransport } from '../host/in-process-transport.js';
import { DURABLE_BINDINGS, durableFor, parkAllButMul } from './durable-fixtures.js';

const [mode, file] = process.argv.slice(2) as [string, string];
const transport = createInProcessTransport({ prewarm: false });

const SOURCE = `
  const base = await tools.mul({ a: 6, b: 7 });
  text('before: ' + base);
  const late = new Promise((resolve) => setTimeout(() => { text('timer fired'); resolve(base + 1); }, 600000));
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
