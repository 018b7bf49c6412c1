/** A call that wants to know when its caller's signal aborts. */
export interface CallerSignalListener {
  handleEvent(): void;
}

/** The calls waiting on one caller signal; the signal's only listener from this runtime. */
class SignalWatch {
  readonly records = new Set<CallerSignalListener>();

  constructor(private readonly onFired: () => void) {}

  handleEvent(): void {
    this.onFired();
    const records = [...this.records];
    this.records.clear();
    for (const record of records) record.handleEvent();
  }
}

/**
 * One abort listener per caller signal, fanned out to every call that shares it, and
 * removed when the last of them ends. A program's nested calls all carry the program's
 * signal: a listener per call would pass Node's limit of ten and warn
 * (`MaxListenersExceededWarning`) as soon as a program has more calls in flight.
 */
export class CallerSignals {
  private readonly watches = new WeakMap<AbortSignal, SignalWatch>();

  /** Tell `record` when `signal` aborts. */
  add(signal: AbortSignal, record: CallerSignalListener): void {
    let watch = this.watches.get(signal);
    if (watch === undefined) {
      const created = new SignalWatch(() => this.watches.delete(signal));
      signal.addEventListener('abort', created, { once: true });
      this.watches.set(signal, created);
      watch = created;
    }
    watch.records.add(record);
  }

  /** `record` ended: stop telling it, and let go of the signal once no call needs it. */
  remove(signal: AbortSignal, record: CallerSignalListener): void {
    const watch = this.watches.get(signal);
    if (watch === undefined || !watch.records.delete(record) || watch.records.size > 0) return;
    this.watches.delete(signal);
    signal.removeEventListener('abort', watch);
  }
}
