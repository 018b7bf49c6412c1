/**
 * How long a program's turns may follow each other in microtasks (each started by answers
 * that settled at once) before the next one waits for the host's event loop to come round.
 * Without a bound, a program calling a tool that answers at once would keep the host in one
 * microtask chain: its timers and I/O, and the program's own `setTimeout`s, would wait until
 * the program ended.
 */
export const MAX_MICROTASK_CHAIN_MS = 4;

/** Runs a task after the host's event loop has come round (due timers and I/O go first). */
export type EventLoopScheduler = (task: () => void) => void;

/** A browser's port (the package is typed against Node's, which has no `onmessage`). */
interface BrowserMessagePort {
  onmessage: (() => void) | null;
  postMessage(message: undefined): void;
}

function messageChannelScheduler(): EventLoopScheduler {
  const channel = new MessageChannel() as unknown as { port1: BrowserMessagePort; port2: BrowserMessagePort };
  const tasks: Array<() => void> = [];
  channel.port1.onmessage = () => tasks.shift()?.();
  return (task) => {
    tasks.push(task);
    channel.port2.postMessage(undefined);
  };
}

let shared: EventLoopScheduler | undefined;

/**
 * `setImmediate` where there is one (Node); a message to itself elsewhere (no 4 ms clamp of
 * nested timers). One per thread, made on first use: every program's turns share it.
 */
export function eventLoopScheduler(): EventLoopScheduler {
  shared ??=
    typeof setImmediate === 'function'
      ? (task) => setImmediate(task)
      : typeof MessageChannel === 'function'
        ? messageChannelScheduler()
        : (task) => setTimeout(task, 0);
  return shared;
}

/**
 * Counts the turns of one event loop for every program of the thread, with at most one task
 * pending on it: a task per program would pile up in a host that runs programs back to back
 * without the loop coming round (each program's steps in microtasks), one per program until
 * it does.
 */
class EventLoopTurns {
  private count = 0;
  private pending = false;

  constructor(private readonly afterEventLoop: EventLoopScheduler) {}

  /** The number of the loop's current turn; the loop coming round starts the next one. */
  current(): number {
    if (!this.pending) {
      this.pending = true;
      this.afterEventLoop(() => {
        this.pending = false;
        this.count += 1;
      });
    }
    return this.count;
  }
}

const loopTurns = new WeakMap<EventLoopScheduler, EventLoopTurns>();

function eventLoopTurns(afterEventLoop: EventLoopScheduler): EventLoopTurns {
  let turns = loopTurns.get(afterEventLoop);
  if (turns === undefined) {
    turns = new EventLoopTurns(afterEventLoop);
    loopTurns.set(afterEventLoop, turns);
  }
  return turns;
}

/** Schedules a program's turns: in a microtask, unless turns have chained that way for {@link MAX_MICROTASK_CHAIN_MS}. */
export class TurnScheduler {
  private readonly loop: EventLoopTurns;
  /** The loop turn the current chain started in, and when. */
  private chainLoopTurn = -1;
  private chainStartedAt = 0;

  constructor(
    private readonly afterEventLoop: EventLoopScheduler = eventLoopScheduler(),
    private readonly now: () => number = () => performance.now(),
  ) {
    this.loop = eventLoopTurns(afterEventLoop);
  }

  schedule(turn: () => void): void {
    const now = this.now();
    // Queues the loop's turn count first (when no program did), so it runs before a turn deferred below.
    const loopTurn = this.loop.current();
    if (loopTurn !== this.chainLoopTurn) {
      this.chainLoopTurn = loopTurn;
      this.chainStartedAt = now;
    } else if (now - this.chainStartedAt >= MAX_MICROTASK_CHAIN_MS) {
      this.afterEventLoop(turn);
      return;
    }
    queueMicrotask(turn);
  }
}
