/** A call that wants to know when its caller's signal aborts. */
export interface CallerSignalListener {
  handleEvent(): void;
}

/** How long a signal no call waits on keeps its listener, so the next call on it reuses it. */
export const IDLE_SIGNAL_SWEEP_MS = 1_000;

/** The calls waiting on one caller signal; the signal's only listener from this runtime. */
class SignalWatch {
  readonly records = new Set<CallerSignalListener>();
  /** In the set the next sweep looks at (it went idle since the last sweep). */
  swept = false;

  constructor(
    readonly signal: AbortSignal,
    private readonly onFired: (watch: SignalWatch) => void,
  ) {}

  handleEvent(): void {
    this.onFired(this);
    const records = [...this.records];
    this.records.clear();
    for (const record of records) record.handleEvent();
  }
}

/**
 * One abort listener per caller signal, fanned out to every call that shares it. A
 * program's nested calls all carry the program's signal: a listener per call would pass
 * Node's limit of ten and warn (`MaxListenersExceededWarning`) as soon as a program has
 * more calls in flight.
 *
 * When the last call on a signal ends, its listener stays until the next sweep (one
 * unref'd timer, every {@link IDLE_SIGNAL_SWEEP_MS} while any signal is idle): sequential
 * calls on one signal (a program's, an agent turn's) would otherwise add and remove a
 * listener each, the largest cost of such a call.
 */
export class CallerSignals {
  private readonly watches = new WeakMap<AbortSignal, SignalWatch>();
  /** The watch used last: calls on one signal, one after another, skip the map. */
  private last: SignalWatch | undefined;
  /** Watches that went idle since the last sweep; the sweep lets go of those still idle. */
  private readonly idled = new Set<SignalWatch>();
  private sweepTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly forget = (watch: SignalWatch): void => {
    this.watches.delete(watch.signal);
    this.idled.delete(watch);
    if (this.last === watch) this.last = undefined;
  };
  private readonly sweep = (): void => {
    this.sweepTimer = undefined;
    for (const watch of this.idled) {
      watch.swept = false;
      if (watch.records.size > 0) continue;
      this.forget(watch);
      watch.signal.removeEventListener('abort', watch);
    }
    this.idled.clear();
  };

  /** Tell `record` when `signal` aborts. */
  add(signal: AbortSignal, record: CallerSignalListener): void {
    let watch = this.watchOf(signal);
    if (watch === undefined) {
      watch = new SignalWatch(signal, this.forget);
      signal.addEventListener('abort', watch, { once: true });
      this.watches.set(signal, watch);
    }
    this.last = watch;
    watch.records.add(record);
  }

  /** `record` ended: stop telling it; the signal is let go at the next sweep if no call needs it. */
  remove(signal: AbortSignal, record: CallerSignalListener): void {
    const watch = this.watchOf(signal);
    if (watch === undefined || !watch.records.delete(record) || watch.records.size > 0 || watch.swept) return;
    watch.swept = true;
    this.idled.add(watch);
    if (this.sweepTimer !== undefined) return;
    const timer = setTimeout(this.sweep, IDLE_SIGNAL_SWEEP_MS);
    // Never what keeps a process alive (a browser's timer id has no `unref`).
    (timer as { unref?: () => void }).unref?.();
    this.sweepTimer = timer;
  }

  private watchOf(signal: AbortSignal): SignalWatch | undefined {
    const last = this.last;
    return last !== undefined && last.signal === signal ? last : this.watches.get(signal);
  }
}
