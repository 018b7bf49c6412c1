/**
 * Wait `ms` milliseconds (at once for 0 or less), or reject as soon as `signal` aborts, at
 * once when it already has: with the signal's reason, or an `Error` "aborted" when the reason
 * is not an error. An abort clears the timer; the end of the wait removes the listener. For
 * a tool that waits (a retry's backoff, a simulated latency) and must stop when its call is
 * cancelled.
 */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}
