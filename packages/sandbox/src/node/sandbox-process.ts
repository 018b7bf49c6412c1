import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { childCommand } from './child-command.js';
import type { ChildCommand } from './child-command.js';
import { SandboxPeer } from './sandbox-peer.js';
import type { SandboxPeerOptions } from './sandbox-peer.js';

/** What a child is started with. */
export interface SandboxProcessOptions extends SandboxPeerOptions {
  /** Start this instead of the sandbox child (tests use it to stand in a misbehaving child). */
  readonly command?: ChildCommand;
}

type Unrefable = { ref?(): void; unref?(): void } | null;

/** The parent's handle on one sandbox child process; frames go over its stdin and stdout. */
export class SandboxProcess extends SandboxPeer {
  /** The child's pid (undefined if it could not be spawned). */
  readonly pid: number | undefined;
  readonly noun = 'process';
  private readonly child: ChildProcess;

  constructor(options: SandboxProcessOptions) {
    super(options);
    const { command, args, env } = options.command ?? childCommand(options);
    this.child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    this.pid = this.child.pid;
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) stream?.on('error', () => undefined);
    this.child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => this.recordStderr(chunk));
    // Node emits 'exit' after reaping the child (waitpid), so no zombie is left behind.
    this.child.on('exit', () => this.settleExited());
    this.child.on('error', (error) => {
      if (this.child.pid === undefined) this.settleExited();
      this.died(`could not be started (${error.message})`);
    });
    this.child.on('close', (code, signal) => this.died(signal === null ? `exited with code ${code}` : `was killed by ${signal}`));
  }

  get id(): number | undefined {
    return this.pid;
  }

  override kill(): void {
    // Held again first: an idle child is unref'd, and a host awaiting `exited` (close())
    // must not see its event loop empty and exit before the child is reaped.
    if (this.child.exitCode === null && this.child.signalCode === null) (this.child as Unrefable)?.ref?.();
    super.kill();
  }

  hold(held: boolean): void {
    for (const handle of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as Unrefable[]) {
      if (held) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  protected write(data: Buffer): void {
    this.child.stdin?.write(data);
  }

  /** SIGKILL: the child gets no chance to run anything more. */
  protected terminate(): void {
    this.child.kill('SIGKILL');
  }
}
