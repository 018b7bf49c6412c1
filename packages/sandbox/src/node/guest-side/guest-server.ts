import { errorMessage } from '@toolcell/core';
import type { QuickJsBuild } from '../../guest/quickjs-build.js';
import { createQuickJsInstance } from '../../guest/quickjs-instance.js';
import { SandboxEngine, WiringMismatch } from '../../guest/sandbox-engine.js';
import { shippedRealm } from '../../durable/shipped-realm.js';
import type { DurableEngineRun } from '../../guest/sandbox-engine.js';
import type { DurableEngineOutcome, EngineSink, RunCapture, RunDurability } from '../../guest/engine-sink.js';
import { compressLiveMemory, inflateMemory } from '../../durable/snapshot-seal.js';
import type { ResumeMessage } from '../../shared/durable-frames.js';
import { guestEventFrame, isUrgentGuestEvent } from '../../shared/guest-events.js';
import { PARENT_FRAME_BYTES, childFrames } from '../../shared/protocol-messages.js';
import type { ParentMessage, RunMessage } from '../../shared/protocol-messages.js';
import { FrameDecoder, FrameWriter } from '../frame-codec.js';
import { captureFromWire, captureToWire } from '../wire-capture.js';

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
  /** The clock that times how long frames are held in a computing turn; `performance.now` by default (tests control it). */
  readonly now?: () => number;
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
    ...(loadBuild === undefined ? {} : { createInstance: (capBytes, initialBytes) => createQuickJsInstance(capBytes, loadBuild, initialBytes) }),
  });
  const writer = new FrameWriter((data, early) => options.write(data, !early && answersDue > 0), options.now);
  /** Tool calls sent and not answered (or parked) yet. */
  let answersDue = 0;
  const decoder = new FrameDecoder(() => PARENT_FRAME_BYTES);
  let current: DurableEngineRun | undefined;
  /** Answers and parks that came while a program was being prepared (a resume's parent may answer at once). */
  let early: ParentMessage[] | undefined;
  /** What the current durable run captured at its park point: the parent seals it. */
  let captured: RunCapture | undefined;

  const host: EngineSink = {
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
  };
  // The peer holds no seal key: it hands its paused program to the parent, which seals it (and,
  // over maxSnapshotBytes, resumes it here at once, so the program stays in memory).
  const durable: RunDurability = {
    seal: (capture) => {
      captured = capture;
      return { sealed: new Uint8Array(0) };
    },
    refused: () => undefined,
  };

  async function run(message: RunMessage): Promise<void> {
    const request = { source: message.source, bindings: message.bindings, limits: message.limits, ...(message.storedJson === undefined ? {} : { storedJson: message.storedJson }), host };
    await drive(message.durable === true ? await engine.prepareDurable({ ...request, durable }) : await engine.prepare(request));
  }

  async function resume(message: ResumeMessage): Promise<void> {
    const { state, memory } = captureFromWire(message.capture);
    let engineRun: DurableEngineRun;
    try {
      engineRun = await engine.resume({
        bindings: message.bindings,
        limits: message.limits,
        ...(state.storedJson === undefined ? {} : { storedJson: state.storedJson }),
        host,
        durable,
        live: inflateMemory(memory),
        wiring: state.wiring,
        suspended: {
          calls: state.calls,
          timers: state.timers,
          cpuMs: state.cpuMs,
          watchdogMs: state.watchdogMs,
          output: state.output,
          answers: message.answers,
          ...(message.refusedAtParked === undefined ? {} : { refusedAtParked: message.refusedAtParked }),
        },
      });
    } catch (error) {
      if (!(error instanceof WiringMismatch)) throw error;
      early = undefined;
      writer.send(JSON.stringify({ type: 'wiringMismatch', found: error.found }));
      return;
    }
    answersDue = message.capture.calls.parked.length - message.answers.length;
    await drive(engineRun);
  }

  async function drive(engineRun: DurableEngineRun): Promise<void> {
    current = engineRun;
    const finished = engineRun.start();
    const waiting = early ?? [];
    early = undefined;
    for (const message of waiting) handle(message);
    const outcome: DurableEngineOutcome = await finished;
    current = undefined;
    // Calls the program left behind may never be answered.
    answersDue = 0;
    const capture = captured;
    captured = undefined;
    if (outcome.status !== 'suspended' || capture === undefined) {
      writer.send(childFrames.result({ ...outcome, status: outcome.status === 'suspended' ? 'failed' : outcome.status, polls: options.polls() }));
      return;
    }
    const { live, ...state } = capture;
    writer.send(JSON.stringify({ type: 'suspended', cpuMs: outcome.cpuMs, toolCalls: outcome.toolCalls, polls: options.polls(), capture: captureToWire(state, compressLiveMemory(live)) }));
  }

  function handle(message: ParentMessage): void {
    if (early !== undefined && (message.type === 'toolResult' || message.type === 'park')) {
      early.push(message);
      return;
    }
    switch (message.type) {
      case 'toolResult':
        answersDue = Math.max(0, answersDue - 1);
        current?.deliver(message.id, message.ok, message.payload);
        return;
      case 'park':
        answersDue = Math.max(0, answersDue - 1);
        current?.park(message.id);
        return;
      default:
        if ((message.type !== 'run' && message.type !== 'resume') || current !== undefined || early !== undefined) die(`unexpected ${String(message.type)} message`);
        early = [];
        (message.type === 'run' ? run(message) : resume(message)).catch((error: unknown) => die(`could not run a program: ${errorMessage(error)}`));
    }
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
