// One process of durable-cells-process.slow.test.ts: `start` runs THREE_WRITES until it is
// suspended, prints the report and kills itself (SIGKILL: nothing is flushed or closed);
// `resume` resumes the cell from the store in a fresh process and prints the final report.
import { THREE_WRITES, durableSetup } from './durable-setup.js';

const [mode, directory, scope, session, cell] = process.argv.slice(2) as [string, string, string?, string?, string?];
const { cells } = durableSetup(directory, { holder: `${mode} process` });
if (mode === 'start') {
  const report = await cells.start({ code: THREE_WRITES, session: 'chat-1', callId: 'exec_1' });
  process.stdout.write(`${JSON.stringify(report)}\n`, () => process.kill(process.pid, 'SIGKILL'));
} else {
  const report = await cells.resume({ scope: scope ?? '', session: session ?? '', cell: cell ?? '' });
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}
