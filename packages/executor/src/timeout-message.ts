import type { TimedStage } from './call-record.js';

/** What a `TIMEOUT` tells the model: which stage ran out of time, and whether the tool ran. */
export function timeoutMessage(toolName: string, stage: TimedStage, timeoutMs: number, approvalTimeoutMs: number): string {
  switch (stage) {
    case 'pre-execute':
      return `"${toolName}" was stopped before it ran: a pre-execute hook did not settle within the call's ${timeoutMs} ms timeout. It did not run; try again later.`;
    case 'guard':
      return `"${toolName}" was stopped before it ran: a permission check did not settle within the call's ${timeoutMs} ms timeout. It did not run; try again later.`;
    case 'approval':
      return `"${toolName}" was stopped before it ran: no approval decision came within ${approvalTimeoutMs} ms. It did not run; ask the user before calling it again.`;
    case 'execute':
      return `"${toolName}" did not finish within its ${timeoutMs} ms timeout and was stopped; it may have partly completed. Try a smaller request.`;
    case 'post-execute':
      return `"${toolName}" ran, but a post-execute hook did not settle within the call's ${timeoutMs} ms timeout, so its output was dropped. It may have taken effect; check before calling it again.`;
  }
}
