/**
 * The longest yield time (`exec`'s pragma, `wait`'s `yield_time_ms`, the host's
 * `cells.defaultYieldTimeMs`): one hour. Longer values are refused with a clear error
 * rather than cut: a timer cannot wait more than 2^31 − 1 ms (Node fires a longer one after
 * 1 ms), and a model turn blocked for an hour is already far past any use.
 */
export const MAX_YIELD_TIME_MS = 3_600_000;
