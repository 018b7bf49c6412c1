import type { SandboxLimits } from '@toolcell/sandbox';
import type { ExecLimits } from '@toolcell/sdkgen';

/** The limits the `exec` description states, taken from the sandbox limits in force. */
export function toExecLimits(limits: SandboxLimits): ExecLimits {
  return {
    textChars: limits.maxTextChars,
    mediaItems: limits.maxMediaItems,
    mediaBytes: limits.maxMediaBytes,
    timers: limits.maxTimers,
    cpuMs: limits.cpuBudgetMs,
    memoryBytes: limits.memoryBytes,
  };
}
