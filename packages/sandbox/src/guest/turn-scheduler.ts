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

/** Schedules a program's turns: in a microtask, unless turns have chained that way for {@link MAX_MICROTASK_CHAIN_MS}. */
export class TurnScheduler {
  private chainStartedAt: number | undefined;

  constructor(
    private readonly afterEventLoop: EventLoopScheduler = eventLoopScheduler(),
    private readonly now: () => number = () => performance.now(),
  ) {}

  schedule(turn: () => void): void {
    const now = this.now();
    if (this.chainStartedAt === undefined) {
      this.chainStartedAt = now;
      // Queued first, so it runs before a turn deferred below: the loop came round, a new chain may start.
      this.afterEventLoop(() => {
        this.chainStartedAt = undefined;
      });
    } else if (now - this.chainStartedAt >= MAX_MICROTASK_CHAIN_MS) {
      this.afterEventLoop(turn);
      return;
    }
    queueMicrotask(turn);
  }
}
