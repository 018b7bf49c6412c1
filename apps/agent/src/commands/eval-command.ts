import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CliIo } from '../cli/cli-io.js';
import type { CommandLine } from '../cli/command-line.js';
import { booleanOption, stringOption } from '../cli/command-line.js';
import { evalTasks } from '../eval/eval-families.js';
import { parseArms, parseTasksPerFamily } from '../eval/parse-eval-flags.js';
import { renderEvalReport } from '../eval/render-eval-report.js';
import { renderEvalTable, renderProgressLine } from '../eval/render-eval-table.js';
import { runEval } from '../eval/run-eval.js';

/**
 * `toolcell eval`: every task family in every arm through the real agent loop, graded by
 * each task's check. A progress line per run goes to stderr; the medians table (or, with
 * `--json`, the whole result) to stdout; `--report DIR` writes `DIR/index.html`. Exit 0
 * once the evaluation ran, whatever the checks said (they are its measurement).
 */
export async function evalCommand(line: CommandLine, io: CliIo): Promise<number> {
  const arms = parseArms(stringOption(line, 'arms'));
  const tasks = evalTasks(parseTasksPerFamily(stringOption(line, 'tasks')));
  const json = booleanOption(line, 'json') ?? false;
  const reportDirectory = stringOption(line, 'report');
  const result = await runEval({
    arms,
    tasks,
    provider: stringOption(line, 'provider'),
    model: stringOption(line, 'model'),
    baseUrl: stringOption(line, 'base-url'),
    environment: io.environment,
    onRun: (run, index, total) => io.stderr.write(`${renderProgressLine(run, index, total)}\n`),
  });
  if (json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else io.stdout.write(`${renderEvalTable(result)}\n`);
  if (reportDirectory !== undefined) {
    const directory = resolve(io.cwd, reportDirectory);
    mkdirSync(directory, { recursive: true });
    const page = join(directory, 'index.html');
    writeFileSync(page, renderEvalReport(result));
    io.stderr.write(`report: ${page}\n`);
  }
  return 0;
}
