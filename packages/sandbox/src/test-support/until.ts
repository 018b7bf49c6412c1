/**
 * Wait until `check()` holds, looking every 25 ms; throws after `timeoutMs`. It waits on a
 * condition (a child exited, the pool refilled), it does not race a timer against the code.
 */
export async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
