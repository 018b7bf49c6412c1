import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { childFrameCaps, parseChildMessage } from '../shared/protocol-messages.js';
import type { ChildMessage, ChildMessageType, RunExpectations } from '../shared/protocol-messages.js';
import { SandboxProtocolError } from '../shared/sandbox-protocol-error.js';
import { FrameDecoder, FrameWriter } from './frame-codec.js';

const STDERR_HEAD_BYTES = 4 * 1024;

/** Who hears from a peer while it runs a program. */
export interface PeerListener {
  message(message: ChildMessage): void;
  /** The peer died or broke the protocol; it is dead now. */
  failure(detail: string): void;
}

/** What every peer is started with. */
export interface SandboxPeerOptions {
  /** The heap limit the peer warms up for. */
  readonly memoryBytes: number;
  /** The largest guest stack the peer must hold (sets its V8 stack). */
  readonly stackBytes: number;
  /** Limits whose frame caps apply until a run sets its own. */
  readonly limits: SandboxLimits;
}

/**
 * The parent's handle on one place programs run outside the host's thread: a child process
 * or a worker thread. Frames from the peer are checked here, the same for both; a subclass
 * starts the peer, moves the bytes and ends it.
 */
export abstract class SandboxPeer {
  /** Settles when the peer is ready for a program; rejects with why it is not. */
  readonly ready: Promise<void>;
  /** Resolves once the peer has ended and its resources are freed (or it never started). */
  readonly exited: Promise<void>;
  /** The guest stack this peer can hold. */
  readonly stackBytes: number;
  /** Programs run so far. */
  programs = 0;
  /** Called once when the peer dies, whatever the reason. */
  onDeath: (() => void) | undefined;
  /** What the peer is called in messages. */
  abstract readonly noun: 'process' | 'worker';
  protected readonly writer: FrameWriter;
  protected settleExited: () => void = () => {};
  private readonly decoder: FrameDecoder;
  private caps: Readonly<Record<ChildMessageType, number>>;
  private maxFrameBytes: number;
  private expectations: RunExpectations | undefined;
  private listener: PeerListener | undefined;
  private isReady = false;
  private dead = false;
  private stderrHead = '';
  private settleReady: (error?: Error) => void = () => {};

  protected constructor(options: SandboxPeerOptions) {
    this.stackBytes = options.stackBytes;
    this.caps = childFrameCaps(options.limits);
    this.maxFrameBytes = Math.max(...Object.values(this.caps));
    this.decoder = new FrameDecoder(() => this.maxFrameBytes);
    this.writer = new FrameWriter((data) => {
      if (!this.dead) this.write(data);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleReady = (error) => (error === undefined ? resolve() : reject(error));
    });
    // Nobody may be waiting yet; a rejection is read when someone does.
    this.ready.catch(() => undefined);
    this.exited = new Promise<void>((resolve) => (this.settleExited = resolve));
  }

  /** The peer's pid or thread id (undefined if it could not be started). */
  abstract get id(): number | undefined;

  /** Whether the peer is alive. */
  get alive(): boolean {
    return !this.dead;
  }

  /** Route the peer's messages to `listener` under the run's frame caps. */
  beginRun(limits: SandboxLimits, expectations: RunExpectations, listener: PeerListener): void {
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

  /** End the peer at once. Idempotent. */
  kill(): void {
    if (!this.dead) this.terminate();
    this.died('was killed by the parent', false);
  }

  /** Let an idle peer not keep the host alive; hold it while it works. */
  abstract hold(held: boolean): void;

  /** Write bytes to the peer (only while it lives). */
  protected abstract write(data: Buffer): void;

  /** End the peer; called once, while it lives. */
  protected abstract terminate(): void;

  /** Keep the head of what the peer wrote to stderr, for the report of its death. */
  protected recordStderr(chunk: Buffer): void {
    if (this.stderrHead.length < STDERR_HEAD_BYTES) this.stderrHead += chunk.toString('utf8', 0, STDERR_HEAD_BYTES - this.stderrHead.length);
  }

  /** Bytes from the peer. A fault kills it. */
  protected receive(chunk: Buffer): void {
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
      this.terminate();
      this.died(`broke the protocol: ${detail}`);
    }
  }

  /** The peer is dead: say why to whoever waits for it. Idempotent. */
  protected died(reason: string, withStderr = true): void {
    if (this.dead) return;
    this.dead = true;
    const stderr = withStderr && this.stderrHead.trim() !== '' ? `; its stderr began: ${this.stderrHead.trim()}` : '';
    const detail = `the sandbox ${this.noun} ${reason}${stderr}`;
    this.settleReady(new Error(detail));
    const listener = this.listener;
    this.listener = undefined;
    listener?.failure(detail);
    this.onDeath?.();
  }
}
