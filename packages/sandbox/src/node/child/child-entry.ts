// Entry point of a sandbox child process: reads frames on stdin, runs one program at a
// time in QuickJS, writes frames on stdout. argv[2] is the heap limit to warm up for. Any
// protocol fault ends the process; the parent treats that as a crash and replaces it.
import { createGuestServer } from '../guest-side/guest-server.js';
import { StdinPoller } from './stdin-poller.js';

function die(message: string): never {
  process.stderr.write(`sandbox child: ${message}\n`);
  process.exit(70);
}

const server = createGuestServer({
  write: (data, answerDue) => {
    process.stdout.write(data);
    // The parent answers a fast tool within a few hundred microseconds: catch it before we sleep.
    if (answerDue) poller.poll();
  },
  die,
  polls: () => poller.polls,
});
const poller = new StdinPoller((chunk) => server.receive(chunk));

process.stdin.on('data', (chunk: Buffer) => {
  // An answer the poll gave up on: how late it came sets how long the next poll lasts.
  poller.answered();
  server.receive(chunk);
});
// The parent closed our stdin (it exited or let us go): nothing more will come.
process.stdin.on('end', () => process.exit(0));
server.start(Number(process.argv[2]));
