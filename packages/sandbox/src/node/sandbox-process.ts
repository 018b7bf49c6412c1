import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { childFrameCaps, parseChildMessage } from '../shared/protocol-messages.js';
import type { ChildMessage, ChildMessageType, RunExpectations } from '../shared/protocol-messages.js';
import { SandboxProtocolError } from '../shared/sandbox-protocol-error.js';
import { childCommand } from './child-command.js';
import type { ChildCommand } from './child-command.js';
import { FrameDecoder, FrameWriter } from './frame-codec.js';

const STDERR_HEAD_BYTES = 4 * 1024;

/** Who hears from a child while it runs a program. */
export interface ProcessListener {
  message(message: ChildMessage): void;
  /** The child died or broke the protocol; it is dead now. */
  failure(detail: string): void;
}

/** What a child is started with. */
export interface SandboxProcessOptions {
  /** The heap limit the child warms up for. */
  readonly memoryBytes: number;
  /** The largest guest stack the child must hold (sets its V8 stack). */
  readonly stackBytes: number;
  /** Limits whose frame caps apply until a run sets its own. */
  readonly limits: SandboxLimits;
  /** Start this instead of the sandbox child (tests use it to stand in a misbehaving child). */
  readonly command?: ChildCommand;
}

type Unrefable = { ref?(): void; unref?(): void } | null;

/** The parent's handle on one sandbox child process. */
export class SandboxProcess {
  /** The child's pid (undefined if it could not be spawned). */
  readonly pid: number | undefined;
  /** Settles when the child is ready for a program; rejects with why it is not. */
  readonly ready: Promise<void>;
  /** Resolves once the child has exited and been reaped (or could not be started at all). */
  readonly exited: Promise<void>;
  /** The guest stack this child can hold. */
  readonly stackBytes: number;
  /** Programs run so far. */
  programs = 0;
  private readonly child: ChildProcess;
  private readonly writer: FrameWriter;
  private readonly decoder: FrameDecoder;
  private caps: Readonly<Record<ChildMessageType, number>>;
  private maxFrameBytes: number;
  private expectations: RunExpectations | undefined;
  private listener: ProcessListener | undefined;
  private isReady = false;
  private dead = false;
  private stderrHead = '';
  private settleReady: (error?: Error) => void = () => {};
  /** Called once when the child dies, whatever the reason. */
  onDeath: (() => void) | undefined;

  constructor(options: SandboxProcessOptions) {
    this.stackBytes = options.stackBytes;
    this.caps = childFrameCaps(options.limits);
    this.maxFrameBytes = Math.max(...Object.values(this.caps));
    this.decoder = new FrameDecoder(() => this.maxFrameBytes);
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleReady = (error) => (error === undefined ? resolve() : reject(error));
    });
    // Nobody may be waiting yet; a rejection is read when someone does.
    this.ready.catch(() => undefined);
    const { command, args, env } = options.command ?? childCommand(options);
    this.child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    this.pid = this.child.pid;
    this.writer = new FrameWriter((data) => {
      if (!this.dead) this.child.stdin?.write(data);
    });
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) stream?.on('error', () => undefined);
    this.child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => {
      if (this.stderrHead.length < STDERR_HEAD_BYTES) this.stderrHead += chunk.toString('utf8', 0, STDERR_HEAD_BYTES - this.stderrHead.length);
    });
    let settleExited: () => void = () => {};
    this.exited = new Promise<void>((resolve) => (settleExited = resolve));
    // Node emits 'exit' after reaping the child (waitpid), so no zombie is left behind.
    this.child.on('exit', () => settleExited());
    this.child.on('error', (error) => {
      if (this.child.pid === undefined) settleExited();
      this.died(`could not be started (${error.message})`);
    });
    this.child.on('close', (code, signal) => this.died(signal === null ? `exited with code ${code}` : `was killed by ${signal}`));
  }

  /** Whether the child is alive. */
  get alive(): boolean {
    return !this.dead;
  }

  /** Route the child's messages to `listener` under the run's frame caps. */
  beginRun(limits: SandboxLimits, expectations: RunExpectations, listener: ProcessListener): void {
    this.caps = childFrameCaps(limits);
    this.maxFrameBytes = Math.max(...Object.values(this.caps));
    this.expectations = expectations;
    this.listener = listener;
    this.stderrHead = '';
    this.programs += 1;
  }

  /** Stop routing messages; any message before the next run is a protocol error. */
  endRun(): void {
    this.expectations = undefined;
    this.listener = undefined;
  }

  /** Send one frame. */
  send(json: string): void {
    this.writer.send(json);
  }

  /** Kill the child with SIGKILL. Idempotent. */
  kill(): void {
    // Held again first: an idle child is unref'd, and a host awaiting `exited` (close())
    // must not see its event loop empty and exit before the child is reaped.
    if (this.child.exitCode === null && this.child.signalCode === null) (this.child as Unrefable)?.ref?.();
    if (!this.dead) this.child.kill('SIGKILL');
    this.died('was killed by the parent', false);
  }

  /** Let an idle child not keep the host alive; hold it while it works. */
  hold(held: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as Unrefable[]) {
      if (held) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  private receive(chunk: Buffer): void {
    if (this.dead) return;
    try {
      for (const frame of this.decoder.push(chunk)) {
        const message = parseChildMessage(frame.json, frame.bytes, this.caps, this.expectations);
        if (message.type === 'ready') {
          if (this.isReady) throw new SandboxProtocolError('a second ready frame');
          this.isReady = true;
          this.settleReady();
          continue;
        }
        if (this.listener === undefined) throw new SandboxProtocolError(`an unexpected ${message.type} frame: no program runs`);
        this.listener.message(message);
        if (this.dead) return;
      }
    } catch (error) {
      const detail = SandboxProtocolError.isInstance(error) ? error.message : `a frame could not be handled (${String(error)})`;
      this.child.kill('SIGKILL');
      this.died(`broke the protocol: ${detail}`);
    }
  }

  private died(reason: string, withStderr = true): void {
    if (this.dead) return;
    this.dead = true;
    const stderr = withStderr && this.stderrHead.trim() !== '' ? `; its stderr began: ${this.stderrHead.trim()}` : '';
    const detail = `the sandbox process ${reason}${stderr}`;
    this.settleReady(new Error(detail));
    const listener = this.listener;
    this.listener = undefined;
    listener?.failure(detail);
    this.onDeath?.();
  }
}
