/**
 * A CPU budget, watchdog grace or boot timeout no test reaches: ten minutes, far over any
 * test's timeout. A test about another limit (memory, stack, output, a cancellation) sets
 * it so that the limit it is about trips first however busy the machine is, and a child
 * that boots slowly still boots; a hang still ends at the test timeout.
 */
export const UNREACHABLE_MS = 10 * 60 * 1000;
