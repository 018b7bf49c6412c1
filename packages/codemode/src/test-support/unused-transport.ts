import type { SandboxLimits, SandboxTransport } from '@toolcell/sandbox';
import { resolveSandboxLimits } from '@toolcell/sandbox';

/**
 * A transport for tests that check configuration: it resolves limits as the sandbox does
 * (over the given transport-level limits) and never runs a program.
 */
export function unusedTransport(transportLimits: Partial<SandboxLimits> = {}): SandboxTransport {
  return {
    resolveLimits: (overrides) => resolveSandboxLimits(transportLimits, overrides),
    run: () => Promise.reject(new Error('not used')),
    close: () => Promise.resolve(),
  };
}
