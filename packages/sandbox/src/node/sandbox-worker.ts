import { Worker } from 'node:worker_threads';
import type { CompiledWasmModule } from '../shared/wasm-file-compiler.js';
import { SandboxPeer } from './sandbox-peer.js';
import type { SandboxPeerOptions } from './sandbox-peer.js';
import { SharedRing, createRingBuffer } from './shared-ring.js';
import { workerThreadOptions } from './worker-command.js';
import type { WorkerThreadOptions } from './worker-command.js';
import { sharedWorkerWasmModule } from './worker-wasm-module.js';
import type { WorkerWasmModule } from './worker-wasm-module.js';

/** What the worker thread receives as `workerData`. */
export interface SandboxWorkerData {
  /** The ring the host writes and the worker reads. */
  readonly toWorker: SharedArrayBuffer;
  /** The ring the worker writes and the host reads. */
  readonly toHost: SharedArrayBuffer;
  /** The heap limit to warm up for. */
  readonly memoryBytes: number;
  /** The host's compiled QuickJS module, when it had one at the start. */
  readonly wasmModule?: CompiledWasmModule;
  /** The host is compiling it: a {@link WasmModuleMessage} follows. */
  readonly wasmModuleFollows: boolean;
}

/** The host's compile ended: its module, or none (the worker compiles its own). */
export interface WasmModuleMessage {
  readonly wasmModule: CompiledWasmModule | undefined;
}

/** What a worker is started with. */
export interface SandboxWorkerOptions extends SandboxPeerOptions {
  /** Start this instead of the sandbox worker (tests use it to stand in a misbehaving one). */
  readonly thread?: WorkerThreadOptions;
  /** Where the compiled QuickJS module comes from (tests pass their own). */
  readonly wasmModule?: WorkerWasmModule;
}

/**
 * The parent's handle on one sandbox worker thread. Frames go over two shared rings; the
 * host never blocks on them: it sleeps in `Atomics.waitAsync` until the worker notifies,
 * and a frame bigger than the free room waits for the worker to read.
 */
export class SandboxWorker extends SandboxPeer {
  readonly noun = 'worker';
  private readonly worker: Worker;
  private readonly inbox: SharedRing;
  private readonly outbox: SharedRing;
  /** Bytes the ring to the worker had no room for yet, in order. */
  private readonly backlog: Buffer[] = [];
  private backlogOffset = 0;
  private threadId: number | undefined;

  constructor(options: SandboxWorkerOptions) {
    super(options);
    const shared = options.wasmModule ?? sharedWorkerWasmModule;
    const compiled = shared.compiled;
    const data: SandboxWorkerData = {
      toWorker: createRingBuffer(),
      toHost: createRingBuffer(),
      memoryBytes: options.memoryBytes,
      ...(compiled === undefined ? {} : { wasmModule: compiled }),
      wasmModuleFollows: compiled === undefined,
    };
    this.inbox = new SharedRing(data.toHost);
    this.outbox = new SharedRing(data.toWorker);
    // The host always sleeps on its inbox: the worker notifies after every write.
    this.inbox.readerSleeps(true);
    const { entry, ...settings } = options.thread ?? workerThreadOptions(options);
    this.worker = new Worker(entry, { ...settings, workerData: data, stdout: true, stderr: true });
    this.threadId = this.worker.threadId;
    this.worker.stderr.on('data', (chunk: Buffer) => this.recordStderr(chunk));
    this.worker.stdout.resume();
    this.worker.on('error', (error) => this.died(`failed (${error.message})`));
    this.worker.on('exit', (code) => {
      this.died(`exited with code ${code}`);
      this.settleExited();
    });
    this.listen();
    // The worker boots meanwhile; it waits for this message only once it needs QuickJS.
    if (compiled === undefined) {
      void shared.whenCompiled().then((wasmModule) => {
        if (this.alive) this.worker.postMessage({ wasmModule } satisfies WasmModuleMessage);
      });
    }
  }

  get id(): number | undefined {
    return this.threadId;
  }

  hold(held: boolean): void {
    if (held) this.worker.ref();
    else this.worker.unref();
  }

  protected write(data: Buffer): void {
    if (this.backlog.length > 0) {
      this.backlog.push(data);
      return;
    }
    const count = this.outbox.write(data);
    if (count === data.length) return;
    this.backlog.push(data);
    this.backlogOffset = count;
    this.drainBacklog();
  }

  protected terminate(): void {
    void this.worker.terminate();
  }

  protected override died(reason: string, withStderr?: boolean): void {
    if (!this.alive) return;
    super.died(reason, withStderr);
    this.backlog.length = 0;
    // Wake our own pending waits, so nothing waits on a dead worker.
    this.inbox.release();
    this.outbox.release();
  }

  /** Read whatever the worker writes, as it comes. */
  private listen(): void {
    if (!this.alive) return;
    void this.inbox.waitForData().then(() => {
      for (let bytes = this.inbox.read(); bytes !== undefined && this.alive; bytes = this.inbox.read()) this.receive(bytes);
      this.listen();
    });
  }

  /** Move the backlog into the ring as the worker frees room. */
  private drainBacklog(): void {
    void this.outbox.waitForRoom().then(() => {
      while (this.alive && this.backlog.length > 0) {
        const head = this.backlog[0] as Buffer;
        this.backlogOffset += this.outbox.write(head, this.backlogOffset);
        if (this.backlogOffset < head.length) return this.drainBacklog();
        this.backlog.shift();
        this.backlogOffset = 0;
      }
    });
  }
}
