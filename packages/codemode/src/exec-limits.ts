import type { SandboxLimits } from '@toolcell/sandbox';
import { DEFAULT_SANDBOX_LIMITS } from '@toolcell/sandbox';
import type { ExecLimits } from '@toolcell/sdkgen';

/** The limits the `exec` description states, taken from the sandbox limits in force. */
export function toExecLimits(limits: Partial<SandboxLimits>): ExecLimits {
  const resolved = { ...DEFAULT_SANDBOX_LIMITS, ...limits };
  return {
    textChars: resolved.maxTextChars,
    mediaItems: resolved.maxMediaItems,
    mediaBytes: resolved.maxMediaBytes,
    timers: resolved.maxTimers,
    cpuMs: resolved.cpuBudgetMs,
    memoryBytes: resolved.memoryBytes,
  };
}
