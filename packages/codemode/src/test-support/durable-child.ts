// One process of durable-cells-process.slow.test.ts. With DurableCells: `start` runs
// THREE_WRITES until it is suspended, prints the report and kills itself (SIGKILL: nothing is
// flushed or closed); `resume` resumes the cell from the store in a fresh process and prints
// the final report. Through CodeMode's tools: `exec` runs THREE_WRITES as a model's exec,
// prints the typed result and kills itself; `wait` waits on the cell in a fresh process and
// prints its typed result.
import { THREE_WRITES, durableCodeModeSetup, durableSetup } from './durable-setup.js';

const [mode, directory, scope, session, cell] = process.argv.slice(2) as [string, string, string?, string?, string?];
const print = (value: unknown, then: () => void): void => void process.stdout.write(`${JSON.stringify(value)}\n`, then);
if (mode === 'exec' || mode === 'wait') {
  const { exec, wait } = durableCodeModeSetup(directory, { holder: `${mode} process`, autoResume: false });
  if (mode === 'exec') print((await exec(THREE_WRITES)).output.result.value, () => process.kill(process.pid, 'SIGKILL'));
  else print((await wait({ cell_id: cell ?? '' })).output.result.value, () => process.exit(0));
} else {
  const { cells } = durableSetup(directory, { holder: `${mode} process` });
  if (mode === 'start') {
    print(await cells.start({ code: THREE_WRITES, session: 'chat-1', callId: 'exec_1' }), () => process.kill(process.pid, 'SIGKILL'));
  } else {
    print(await cells.resume({ scope: scope ?? '', session: session ?? '', cell: cell ?? '' }), () => process.exit(0));
  }
}
