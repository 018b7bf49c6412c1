// Entry point of a sandbox child process: reads frames on stdin, runs one program at a
// time in QuickJS, writes frames on stdout. argv[2] is the heap limit to warm up for. Any
// protocol fault ends the process; the parent treats that as a crash and replaces it.
import { SandboxEngine } from '../guest/sandbox-engine.js';
import type { EngineRun } from '../guest/sandbox-engine.js';
import { PARENT_FRAME_BYTES, childFrames } from '../shared/protocol-messages.js';
import type { ParentMessage } from '../shared/protocol-messages.js';
import { FrameDecoder, FrameWriter } from './frame-codec.js';

const engine = new SandboxEngine(2, (task) => setImmediate(task));
const writer = new FrameWriter((data) => process.stdout.write(data));
const decoder = new FrameDecoder(() => PARENT_FRAME_BYTES);
let current: EngineRun | undefined;

function die(message: string): never {
  process.stderr.write(`sandbox child: ${message}\n`);
  process.exit(70);
}

async function run(message: Extract<ParentMessage, { type: 'run' }>): Promise<void> {
  const engineRun = await engine.prepare({
    source: message.source,
    bindings: message.bindings,
    limits: message.limits,
    ...(message.storedJson === undefined ? {} : { storedJson: message.storedJson }),
    host: {
      toolBatch: (calls) => writer.send(childFrames.toolBatch(calls)),
      output: (item) => writer.send(childFrames.output(item)),
      store: (key, json) => writer.send(childFrames.store(key, json)),
      notify: (json) => writer.send(childFrames.notify(json)),
      yieldControl: () => writer.send(childFrames.yield()),
    },
  });
  current = engineRun;
  const outcome = await engineRun.start();
  current = undefined;
  writer.send(childFrames.result(outcome));
}

function handle(message: ParentMessage): void {
  if (message.type === 'toolResult') {
    current?.deliver(message.id, message.ok, message.payload);
    return;
  }
  if (message.type !== 'run' || current !== undefined) die(`unexpected ${String(message.type)} message`);
  run(message).catch((error: unknown) => die(`could not run a program: ${error instanceof Error ? error.message : String(error)}`));
}

process.stdin.on('data', (chunk: Buffer) => {
  try {
    for (const frame of decoder.push(chunk)) handle(JSON.parse(frame.json) as ParentMessage);
  } catch (error) {
    die(error instanceof Error ? error.message : String(error));
  }
});
// The parent closed our stdin (it exited or let us go): nothing more will come.
process.stdin.on('end', () => process.exit(0));

const memoryBytes = Number(process.argv[2]);
engine
  .prewarm(Number.isFinite(memoryBytes) && memoryBytes > 0 ? memoryBytes : undefined)
  .then(() => writer.send(childFrames.ready()))
  .catch((error: unknown) => die(`could not start QuickJS: ${error instanceof Error ? error.message : String(error)}`));
