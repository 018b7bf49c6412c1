// Soak (issue 22): a host that runs `exec` for weeks must keep flat memory. The full stack —
// registry, ToolRuntime, CodeMode with cells — runs one program many times: three parallel
// nested calls and 2 KB of printed text. GC is forced before each sample (run under
// `node --expose-gc`); heap and RSS are printed at each tenth, and the growth per 1,000 execs
// is fitted over the second half (target: under 8 KB per 1,000 execs, RSS flat within 5%).
//
// The scale multiplies the number of execs (1 = 100,000 in process and 20,000 on the child
// process transport): `SOAK_SCALE`, else `--scale N`, else 1. `pnpm run bench:soak` runs the
// full soak (about 15 minutes on a two-core machine); `pnpm bench` a short one (0.02),
// whose figures still include the JIT's warm-up. `SOAK_TRANSPORT=in-process|child-process`
// runs one transport only.
import { printTable } from '@toolcell/bench-kit';
import type { SandboxTransport } from '@toolcell/sandbox';
import { createInProcessTransport } from '@toolcell/sandbox';
import { createChildProcessTransport } from '@toolcell/sandbox/node';
import { execStack } from './exec-stack.js';

const TEXT = 'x'.repeat(2048);
const PROGRAM = `const [a, b, c] = await Promise.all([tools.echo({ i: 1 }), tools.echo({ i: 2 }), tools.echo({ i: 3 })]);
text(${JSON.stringify(TEXT)});
return a.i + b.i + c.i;`;
const SAMPLES = 10;
const KIB = 1024;
const MIB = 1024 * 1024;

interface Sample {
  execs: number;
  heapUsed: number;
  rss: number;
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('The soak needs a forced GC: run it with `node --expose-gc` (see the bench:soak script).');
  // Twice: the first pass can leave weak references and finalizers for the second.
  gc();
  gc();
}

function sample(execs: number): Sample {
  collectGarbage();
  const usage = process.memoryUsage();
  return { execs, heapUsed: usage.heapUsed, rss: usage.rss };
}

/** Least-squares slope of `value` against execs, in bytes per exec. */
function slope(samples: readonly Sample[], value: (sample: Sample) => number): number {
  const meanX = samples.reduce((sum, point) => sum + point.execs, 0) / samples.length;
  const meanY = samples.reduce((sum, point) => sum + value(point), 0) / samples.length;
  let numerator = 0;
  let denominator = 0;
  for (const point of samples) {
    numerator += (point.execs - meanX) * (value(point) - meanY);
    denominator += (point.execs - meanX) ** 2;
  }
  return denominator === 0 ? 0 : numerator / denominator;
}

function stack(transport: SandboxTransport) {
  const { exec, close } = execStack(transport, { tool: 'echo', cells: true });
  return { exec: () => exec(PROGRAM), shutdown: close };
}

async function soak(name: string, transport: SandboxTransport, total: number): Promise<Record<string, unknown>> {
  const { exec, shutdown } = stack(transport);
  // Warm up (JIT, pools, the first child) before the first sample.
  for (let index = 0; index < Math.min(500, total / 10); index += 1) await exec();
  const samples: Sample[] = [sample(0)];
  const step = Math.max(1, Math.floor(total / SAMPLES));
  const started = performance.now();
  for (let done = 0; done < total; ) {
    await exec();
    done += 1;
    if (done % step === 0) samples.push(sample(done));
  }
  const seconds = (performance.now() - started) / 1000;
  await shutdown();
  await transport.close();

  printTable(
    `soak — ${name}: heap and RSS after GC`,
    samples.map((point) => ({ execs: point.execs, 'heap MiB': (point.heapUsed / MIB).toFixed(2), 'RSS MiB': (point.rss / MIB).toFixed(1) })),
  );
  const secondHalf = samples.slice(Math.floor(samples.length / 2));
  const first = secondHalf[0] as Sample;
  const last = secondHalf[secondHalf.length - 1] as Sample;
  const heapPerThousand = slope(secondHalf, (point) => point.heapUsed) * 1000;
  const rssChange = (last.rss - first.rss) / first.rss;
  return {
    transport: name,
    execs: total,
    'execs/s': Math.round(total / seconds),
    'heap growth KiB per 1,000 execs (2nd half)': (heapPerThousand / KIB).toFixed(2),
    'heap target met (< 8 KiB)': heapPerThousand < 8 * KIB ? 'yes' : 'NO',
    'RSS change (2nd half)': `${(rssChange * 100).toFixed(1)}%`,
    'RSS flat (within 5%)': Math.abs(rssChange) <= 0.05 ? 'yes' : 'NO',
  };
}

const scaleArgument = process.argv.indexOf('--scale');
const scaleText = process.env.SOAK_SCALE ?? (scaleArgument >= 0 ? process.argv[scaleArgument + 1] : undefined) ?? '1';
const scale = Number(scaleText);
if (!Number.isFinite(scale) || scale <= 0) throw new Error(`The soak's scale must be a positive number; got ${scaleText}.`);
const only = process.env.SOAK_TRANSPORT;
const rows: Array<Record<string, unknown>> = [];
if (only === undefined || only === 'in-process') rows.push(await soak('in process', createInProcessTransport(), Math.round(100_000 * scale)));
if (only === undefined || only === 'child-process') rows.push(await soak('child process', createChildProcessTransport({ pool: { size: 1 } }), Math.round(20_000 * scale)));
printTable('soak — memory growth over the second half (targets: < 8 KiB per 1,000 execs, RSS within 5%)', rows);
