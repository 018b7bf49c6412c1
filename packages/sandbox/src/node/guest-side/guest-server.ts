import { errorMessage } from '@toolcell/core';
import type { QuickJsBuild } from '../../guest/quickjs-build.js';
import { createQuickJsInstance } from '../../guest/quickjs-instance.js';
import { SandboxEngine } from '../../guest/sandbox-engine.js';
import { shippedRealm } from '../../durable/shipped-realm.js';
import type { EngineRun } from '../../guest/sandbox-engine.js';
import { guestEventFrame, isUrgentGuestEvent } from '../../shared/guest-events.js';
import { PARENT_FRAME_BYTES, childFrames } from '../../shared/protocol-messages.js';
import type { ParentMessage } from '../../shared/protocol-messages.js';
import { FrameDecoder, FrameWriter } from '../frame-codec.js';

/**
 * How long frames the guest queued (output, `store`, `notify`) are held while its turn keeps
 * computing, from the interrupt poll that first finds them: the first poll after this
 * writes them to the parent. A turn's frames otherwise go together when it ends, and a
 * `yield_control()` goes at once.
 */
export const MAX_FRAME_HOLD_MS = 5;

/** How a guest server reaches its parent. */
export interface GuestServerOptions {
  /**
   * Write bytes to the parent; `answerDue` when a tool call waits for its answer (the peer
   * may then look for it before it sleeps): never while a turn is still computing.
   */
  readonly write: (data: Buffer, answerDue: boolean) => void;
  /** End the peer after a fault the parent must see as a crash. */
  readonly die: (message: string) => never;
  /** How many times the peer looked for the parent's answer, for the result frame (see `ResultMessage.polls`). */
  readonly polls: () => number;
  /** Loads QuickJS (a worker uses the module its host compiled); the process's loader by default. */
  readonly loadBuild?: () => Promise<QuickJsBuild>;
}

/** The peer side of the protocol: feed it the parent's bytes, it runs one program at a time. */
export interface GuestServer {
  /** Bytes from the parent. */
  receive(chunk: Buffer): void;
  /** Warm up for `memoryBytes`, then tell the parent the peer is ready. */
  start(memoryBytes: number): void;
}

/**
 * Runs programs in QuickJS for a parent, over frames: the same in a child process and in a
 * worker thread. Any protocol fault ends the peer; the parent treats that as a crash.
 */
export function createGuestServer(options: GuestServerOptions): GuestServer {
  const { die, loadBuild } = options;
  const engine = new SandboxEngine({
    realmImage: shippedRealm,
    ...(loadBuild === undefined ? {} : { createInstance: (capBytes) => createQuickJsInstance(capBytes, loadBuild) }),
  });
  const writer = new FrameWriter((data, early) => options.write(data, !early && answersDue > 0));
  /** Tool calls sent and not answered yet. */
  let answersDue = 0;
  const decoder = new FrameDecoder(() => PARENT_FRAME_BYTES);
  let current: EngineRun | undefined;

  async function run(message: Extract<ParentMessage, { type: 'run' }>): Promise<void> {
    const engineRun = await engine.prepare({
      source: message.source,
      bindings: message.bindings,
      limits: message.limits,
      ...(message.storedJson === undefined ? {} : { storedJson: message.storedJson }),
      host: {
        toolBatch: (calls) => {
          answersDue += calls.length;
          writer.send(childFrames.toolBatch(calls));
        },
        event: (event) => {
          writer.send(guestEventFrame(event));
          // An urgent event (a yield) goes now, with what was queued before it.
          if (isUrgentGuestEvent(event)) writer.flush(true);
        },
        duringTurn: () => writer.flushIfHeld(MAX_FRAME_HOLD_MS),
      },
    });
    current = engineRun;
    const outcome = await engineRun.start();
    current = undefined;
    // Calls the program left behind may never be answered.
    answersDue = 0;
    writer.send(childFrames.result({ ...outcome, polls: options.polls() }));
  }

  function handle(message: ParentMessage): void {
    if (message.type === 'toolResult') {
      answersDue = Math.max(0, answersDue - 1);
      current?.deliver(message.id, message.ok, message.payload);
      return;
    }
    if (message.type !== 'run' || current !== undefined) die(`unexpected ${String(message.type)} message`);
    run(message).catch((error: unknown) => die(`could not run a program: ${errorMessage(error)}`));
  }

  return {
    receive(chunk) {
      try {
        for (const frame of decoder.push(chunk)) handle(JSON.parse(frame.json) as ParentMessage);
      } catch (error) {
        die(errorMessage(error));
      }
    },
    start(memoryBytes) {
      engine
        .prewarm(Number.isFinite(memoryBytes) && memoryBytes > 0 ? memoryBytes : undefined)
        .then(() => writer.send(childFrames.ready()))
        .catch((error: unknown) => die(`could not start QuickJS: ${errorMessage(error)}`));
    },
  };
}
