import type { CliIo } from '../cli/cli-io.js';
import type { CommandLine } from '../cli/command-line.js';
import { booleanOption } from '../cli/command-line.js';
import { createProgressPrinter } from '../cli/progress-printer.js';
import { renderComparison } from '../demo/render-comparison.js';
import { runDemo } from '../demo/run-demo.js';
import { DEMO_TASK } from '../demo/todo-report.js';

/**
 * `toolcell demo`: the TODO-report task in `direct` and in `code_mode_only`, with live
 * progress and a side-by-side comparison. Exit 1 when the reports differ.
 */
export async function demoCommand(line: CommandLine, io: CliIo): Promise<number> {
  const json = booleanOption(line, 'json') ?? false;
  const write = (text: string) => io.stdout.write(`${text}\n`);
  if (!json) write(`Task: ${DEMO_TASK}\n`);
  const result = await runDemo({
    transcriptFor: (mode) => (json ? () => undefined : createProgressPrinter({ write, prefix: `[${mode}] ` })),
    onRunStart: (mode, workspace) => {
      if (!json) write(`\n▶ ${mode === 'direct' ? 'direct: one tool per model turn' : 'code_mode_only: one exec program'} — workspace ${workspace}`);
    },
  });
  if (json) {
    io.stdout.write(`${JSON.stringify({ ...result, runs: result.runs.map(({ report: _report, ...run }) => run) }, null, 2)}\n`);
  } else {
    write('');
    write(renderComparison(result));
  }
  return result.identical ? 0 : 1;
}
