import type { DurableRunOptions, GuestToolCall, GuestToolParked, GuestToolResponse, SandboxBinding } from '../index.js';

/** Seal keys for tests (never a real secret). */
export const TEST_KEYS = { current: { id: 'k2', secret: 'test-secret-2-0123456789abcdefghijklmnop' }, previous: [{ id: 'k1', secret: 'test-secret-1-0123456789abcdefghijklmnop' }] };

/** The durable options of a test run for `scope`. */
export function durableFor(scope = 'team-a', extra: Partial<DurableRunOptions> = {}): DurableRunOptions {
  return { keys: TEST_KEYS, identity: { scope, session: 's1' }, ...extra };
}

/** Bindings: `mul` computes, `approve` and `send` are parked (a deferred approval). */
export const DURABLE_BINDINGS: readonly SandboxBinding[] = ['mul', 'approve', 'send'].map((jsName) => ({ jsName, canonicalName: jsName, description: '', kind: 'function' }));

/** Answers `mul` at once and parks every other call. */
export function parkAllButMul(calls: readonly GuestToolCall[]): Array<Promise<GuestToolResponse | GuestToolParked>> {
  return calls.map((call) => {
    if (call.jsName !== 'mul') return Promise.resolve({ parked: true as const });
    const { a, b } = call.input as { a: number; b: number };
    return Promise.resolve({ ok: true as const, value: a * b });
  });
}
