// Benchmark helpers shared by every package's `bench/` script: run a tinybench suite and
// print one table (µs per operation, p50/p95/p99) so figures read the same everywhere.
import { Bench } from 'tinybench';

const micros = (ms) => (ms === undefined ? '—' : (ms * 1000).toFixed(2));

function percentile(sorted, fraction) {
  if (!sorted || sorted.length === 0) return undefined;
  const index = Math.min(sorted.length - 1, Math.floor(fraction * sorted.length));
  return sorted[index];
}

/**
 * Run `tasks` (name → async or sync function) and print a table.
 * @param {string} title
 * @param {Record<string, () => unknown>} tasks
 * @param {{ time?: number, iterations?: number }} [options]
 * @returns {Promise<Array<{ name: string, p50: number, p95: number, p99: number, mean: number, samples: number }>>}
 *   figures in milliseconds, for suites that compute derived numbers.
 */
export async function runSuite(title, tasks, options = {}) {
  const bench = new Bench({
    name: title,
    time: options.time ?? 500,
    iterations: options.iterations ?? 20,
    retainSamples: true,
  });
  for (const [name, fn] of Object.entries(tasks)) bench.add(name, fn);
  process.stdout.write(`\n▶ ${title}: running ${Object.keys(tasks).length} tasks…\n`);
  await bench.run();
  const rows = bench.tasks.map((task) => {
    const result = task.result;
    if (result.state !== 'completed') {
      return { name: task.name, error: result.error?.message ?? result.state };
    }
    const latency = result.latency;
    const sorted = latency.samples ? [...latency.samples].sort((a, b) => a - b) : undefined;
    return {
      name: task.name,
      mean: latency.mean,
      p50: latency.p50,
      p95: percentile(sorted, 0.95) ?? latency.p99,
      p99: latency.p99,
      samples: latency.samplesCount ?? sorted?.length ?? 0,
    };
  });
  printTable(
    title,
    rows.map((row) =>
      'error' in row
        ? { task: row.name, error: row.error }
        : {
            task: row.name,
            'p50 µs': micros(row.p50),
            'p95 µs': micros(row.p95),
            'p99 µs': micros(row.p99),
            'mean µs': micros(row.mean),
            samples: row.samples,
          },
    ),
  );
  const failed = rows.filter((row) => 'error' in row);
  if (failed.length > 0) {
    throw new Error(`${title}: ${failed.map((row) => `${row.name}: ${row.error}`).join('; ')}`);
  }
  return rows;
}

/**
 * Print a titled table of plain rows (for figures that are not timings, e.g. token counts).
 * @param {string} title
 * @param {Array<Record<string, unknown>>} rows
 */
export function printTable(title, rows) {
  process.stdout.write(`\n${title}\n`);
  console.table(rows);
}
