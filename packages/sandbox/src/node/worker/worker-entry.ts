// Entry point of a sandbox worker thread: the same guest server as a child process, with
// frames over two shared rings instead of pipes. After sending a tool call the worker
// waits a little for the answer on its own thread (see answer-wait.ts); otherwise it
// sleeps in Atomics.waitAsync, so its event loop (guest timers, the engine's housekeeping)
// keeps running. Any protocol fault ends the thread; the host sees a crash.
import { parentPort, workerData } from 'node:worker_threads';
import { quickJsBuildLoader } from '../../guest/quickjs-build.js';
import { compileWasmFile } from '../../shared/wasm-file-compiler.js';
import type { WasmCompiler } from '../../shared/wasm-file-compiler.js';
import { AnswerWait } from './answer-wait.js';
import { createGuestServer } from '../guest-side/guest-server.js';
import type { SandboxWorkerData, WasmModuleMessage } from '../sandbox-worker.js';
import { SharedRing } from '../shared-ring.js';

const data = workerData as SandboxWorkerData;
const inbox = new SharedRing(data.toWorker);
const outbox = new SharedRing(data.toHost);
const answers = new AnswerWait(inbox);

/** The host's compiled module (in `workerData` or a message to come), else a compile of our own. */
function hostModule(): WasmCompiler {
  const { wasmModule, wasmModuleFollows } = data;
  if (wasmModule !== undefined) return () => Promise.resolve(wasmModule);
  if (!wasmModuleFollows || parentPort === null) return compileWasmFile;
  const port = parentPort;
  const message = new Promise<WasmModuleMessage>((resolve) => port.once('message', resolve));
  return () => message.then((received) => received.wasmModule ?? compileWasmFile());
}

function die(message: string): never {
  process.stderr.write(`sandbox worker: ${message}\n`);
  process.exit(70);
}

const server = createGuestServer({
  write: (bytes, answerDue) => {
    // Blocking is fine here: a full ring means the host is reading.
    let offset = outbox.write(bytes);
    while (offset < bytes.length) {
      outbox.blockForRoom();
      offset += outbox.write(bytes, offset);
    }
    if (!answerDue) return;
    answers.wait();
    if (inbox.available > 0) drain();
  },
  die,
  polls: () => answers.looks,
  loadBuild: quickJsBuildLoader(hostModule()),
});

/** Take everything the host wrote. */
function drain(): void {
  for (let bytes = inbox.read(); bytes !== undefined; bytes = inbox.read()) server.receive(bytes);
}

/** Sleep until the host writes; always armed while the worker lives. */
function listen(): void {
  void inbox.waitForData().then(() => {
    drain();
    listen();
  });
}

inbox.readerSleeps(true);
listen();
// A pending Atomics.waitAsync does not keep a thread alive; the parent port does.
parentPort?.on('message', () => undefined);
server.start(data.memoryBytes);
