// `pnpm bench` for @toolcell/codemode: end-to-end `exec` through the full pipeline (registry,
// executor with one pre-execute listener, sandbox) against the raw sandbox on the same
// transport, so the difference is what the executor and code-mode layers add per call.
import { printTable, runSuite } from '@toolcell/bench-kit';
import type { SandboxTransport } from '@toolcell/sandbox';
import { createInProcessTransport } from '@toolcell/sandbox';
import { createChildProcessTransport } from '@toolcell/sandbox/node';
import { loadTokenCounter } from '@toolcell/sdkgen';
import { backToBackAgainstFloor, printFloorTable } from '@toolcell/bench-kit/quickjs-floor';
import type { ExecOutputItem, ExecReport } from '../src/index.js';
import { renderExecReport } from '../src/index.js';
import { printDurableStoreCases } from './durable-cells-store.js';
import { execStack } from './exec-stack.js';
import { typescriptStripping } from './typescript-stripping.js';

const HUNDRED_CALLS = 'for (let i = 0; i < 100; i += 1) await tools.noop({ i });';
const TRIVIAL = 'return 1;';

/** The full stack with one pre-execute listener. */
const pipeline = (transport: SandboxTransport) => execStack(transport, { tool: 'noop', preExecuteListener: true }).exec;

function raw(transport: SandboxTransport) {
  const bindings = [{ jsName: 'noop', canonicalName: 'noop', description: 'Does nothing.', kind: 'function' as const }];
  return async (source: string) => {
    const result = await transport.run({ source, bindings, onToolBatch: (calls) => calls.map(() => Promise.resolve({ ok: true as const, value: null })) });
    if (result.status !== 'completed') throw new Error(result.error?.message);
  };
}

/** The `exec` answer for one observation: token counting, truncation, typed result. */
async function answerRendering() {
  const report = (output: ExecOutputItem[]): ExecReport => ({ status: 'completed', cellId: '1', wallMs: 1, output });
  const prose = 'The quick brown fox jumps over the lazy dog; 12345 foo_bar(baz).\n';
  const oneMiB = report([{ type: 'text', text: prose.repeat(Math.ceil((1024 * 1024) / prose.length)).slice(0, 1024 * 1024) }]);
  const oneMiBWord = report([{ type: 'text', text: 'y'.repeat(1024 * 1024) }]);
  const manyItems = report(Array.from({ length: 100_000 }, () => ({ type: 'text' as const, text: '' })));
  // What the default limits allow at most: 100,000 characters of text, 16 media items of 10 MiB.
  const maxText = report([{ type: 'text', text: prose.repeat(Math.ceil(100_000 / prose.length)).slice(0, 100_000) }]);
  const maxLines = report(Array.from({ length: 100_000 }, () => ({ type: 'text' as const, text: 'x' })));
  // Repeated lines are counted once (sdkgen's counter), so the same text without repeats too.
  const words = prose.trim().split(' ');
  const numbered = Array.from({ length: 2_000 }, (_, line) => `${line}: ${words.slice(line % 5).join(' ')} ${words.slice(0, line % 7).join(' ')}`).join('\n');
  const maxDistinct = report([{ type: 'text', text: numbered.slice(0, 100_000) }]);
  const image = { type: 'image' as const, mimeType: 'image/png', data: 'A'.repeat((10 * 1024 * 1024) / 16) };
  const maxMedia = report(Array.from({ length: 32 }, (_, index) => (index % 2 === 0 ? { type: 'text' as const, text: prose.repeat(90) } : image)));
  // A program's return value has no limit of its own: 1 MiB of records as JSON, the trailer's
  // JSON.stringify alone is about half of its time.
  const records = Array.from({ length: 8_430 }, (_, index) => ({ id: index, name: `Customer ${index}`, email: `customer${index}@example.com`, score: Math.round(index * 7.31) / 100, tags: ['priority', 'eu'], active: index % 3 === 0 }));
  const jsonValue: ExecReport = { ...report([]), returnValue: records };
  const countTokens = await loadTokenCounter();
  const render = (observation: ExecReport) => () => renderExecReport(observation, { maxOutputTokens: 10_000, countTokens });
  const results = await runSuite('codemode — exec answer rendering (target: < 10 ms)', {
    '100,000 characters of text (the default limit)': render(maxText),
    '100,000 characters of distinct lines': render(maxDistinct),
    '100,000 one-character items': render(maxLines),
    '16 media items, 10 MiB, with captions': render(maxMedia),
    '1 MiB JSON return value': render(jsonValue),
    '1 MiB of text output': render(oneMiB),
    '1 MiB of one word (y × 1,048,576)': render(oneMiBWord),
    '100,000 text items': render(manyItems),
  }, { iterations: 20 });
  printTable(
    'codemode — exec answer rendering, p50 / p95 ms',
    results.map((row) => ({ output: row.name, 'p50 ms': row.p50.toFixed(2), 'p95 ms': row.p95.toFixed(2) })),
  );
}

/** Issue 20's first figure: a trivial `exec` back to back, full stack, beside the raw QuickJS floor. */
async function trivialAgainstFloor() {
  const inProcess = createInProcessTransport();
  const child = createChildProcessTransport({ pool: { size: 1 } });
  const tasks = {
    'exec (full stack), in process': pipeline(inProcess),
    'raw sandbox, in process': raw(inProcess),
    'exec (full stack), child process': pipeline(child),
    'raw sandbox, child process': raw(child),
  };
  for (let round = 0; round < 300; round += 1) for (const run of Object.values(tasks)) await run(TRIVIAL);
  const figures = await backToBackAgainstFloor(Object.fromEntries(Object.entries(tasks).map(([name, run]) => [name, () => run(TRIVIAL)])));
  printFloorTable('codemode — trivial exec back to back, beside the raw floor (target in process: ≤ 2×)', figures);
  await Promise.all([inProcess.close(), child.close()]);
}

async function main() {
  const rows: Array<Record<string, unknown>> = [];
  for (const [name, transport] of [
    ['child process (default)', createChildProcessTransport({ pool: { size: 1 } })],
    ['in process', createInProcessTransport()],
  ] as const) {
    const exec = pipeline(transport);
    const sandbox = raw(transport);
    const results = await runSuite(`codemode — ${name}`, {
      'raw sandbox: trivial': () => sandbox(TRIVIAL),
      'exec: trivial': () => exec(TRIVIAL),
      'raw sandbox: 100 sequential host calls': () => sandbox(HUNDRED_CALLS),
      'exec: 100 sequential nested calls': () => exec(HUNDRED_CALLS),
    });
    const p50 = (task: string) => results.find((row) => row.name === task)?.p50 ?? Number.NaN;
    const perCallExec = (p50('exec: 100 sequential nested calls') - p50('exec: trivial')) / 100;
    const perCallRaw = (p50('raw sandbox: 100 sequential host calls') - p50('raw sandbox: trivial')) / 100;
    rows.push({
      transport: name,
      'exec trivial p50 ms': p50('exec: trivial').toFixed(3),
      'µs per nested call (end to end)': (perCallExec * 1000).toFixed(1),
      'µs per raw host call': (perCallRaw * 1000).toFixed(1),
      'µs added by executor + codemode': ((perCallExec - perCallRaw) * 1000).toFixed(1),
    });
    await transport.close();
  }
  printTable('codemode — per-call overhead (targets: < 10 µs added, < 45 µs end to end on the default transport)', rows);
}

await answerRendering();
await typescriptStripping();
await trivialAgainstFloor();
await main();
await printDurableStoreCases();
