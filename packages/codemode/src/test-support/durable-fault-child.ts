// One process of durable-cells-faults.slow.test.ts, over the file store in DIR:
// - `die-in-write DIR SCOPE SESSION CELL [idempotent]` resumes the cell and is killed (SIGKILL)
//   right after the first approved write ran, before its outcome is recorded; the call id it
//   ran is written to DIR/died.log first.
// - `race DIR ROUNDS` prints "ready", waits for "go" on stdin, then resumes cells race-0 …
//   race-<ROUNDS-1> of session chat-1 once each (another racer does the same) and prints what
//   each resume answered: the report's status, or the store's refusal code.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { StoreError } from '@toolcell/durable-store';
import { durableSetup } from './durable-setup.js';

const [mode, directory, ...rest] = process.argv.slice(2) as [string, string, ...string[]];

if (mode === 'die-in-write') {
  const [scope, session, cell, idempotent] = rest;
  const { cells, runtime } = durableSetup(directory, { holder: 'a process killed mid-write', idempotent: idempotent === 'idempotent' });
  runtime.onPostExecute((call) => {
    appendFileSync(join(directory, 'died.log'), `${call.callId}\n`);
    process.kill(process.pid, 'SIGKILL');
  });
  await cells.resume({ scope: scope ?? '', session: session ?? '', cell: cell ?? '' });
  throw new Error('the resume ended; the process should have been killed mid-write');
} else {
  const rounds = Number(rest[0]);
  const { cells } = durableSetup(directory, { holder: `racer ${process.pid}` });
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  const answers: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    try {
      answers.push((await cells.resume({ scope: 'root', session: 'chat-1', cell: `race-${round}` })).status);
    } catch (error) {
      if (!StoreError.isInstance(error) || error.code !== 'STORE_LEASE_HELD') throw error;
      answers.push(error.code);
    }
  }
  process.stdout.write(`${JSON.stringify(answers)}\n`);
  process.exit(0);
}
