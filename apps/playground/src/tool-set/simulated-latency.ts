/**
 * Wait `ms` like a disk or network would, ending early when the call is cancelled: an
 * in-memory tool answers in microseconds, too fast for parallel calls to show as
 * overlapping bars on the timeline.
 */
export function simulatedLatency(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
