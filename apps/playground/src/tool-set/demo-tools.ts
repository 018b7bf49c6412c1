import type { FunctionToolDefinition, ToolDefinition } from '@toolcell/core';
import { abortableDelay } from '@toolcell/core';
import type { MemoryWorkspace, QuestionAsker } from '@toolcell/demo-tools';
import { createDemoTools, PATH_ARGUMENTS } from '@toolcell/demo-tools';

/** How long each file tool waits, so parallel calls visibly overlap on the timeline. */
export const DEMO_LATENCY_MS = 40;

/** A fixed context meter: the playground has no model, so nothing fills the window. */
const CONTEXT_WINDOW = 128_000;

/**
 * The reference app's demo tools (`@toolcell/demo-tools`) over the in-memory project;
 * `ask_user_question` asks the person on the page. The file tools wait `latencyMs` first.
 */
export function createPlaygroundDemoTools(workspace: MemoryWorkspace, ask: QuestionAsker, latencyMs = DEMO_LATENCY_MS): ToolDefinition[] {
  return createDemoTools({ workspace, contextMeter: { tokensLeft: () => CONTEXT_WINDOW }, ask }).map((tool) =>
    tool.kind === 'function' && tool.name in PATH_ARGUMENTS ? withLatency(tool, latencyMs) : tool,
  );
}

/**
 * `tool`, waiting `latencyMs` first like a disk or network would (ending early when the call
 * is cancelled): an in-memory tool answers in microseconds, too fast for parallel calls to
 * show as overlapping bars on the timeline.
 */
function withLatency(tool: FunctionToolDefinition, latencyMs: number): FunctionToolDefinition {
  return {
    ...tool,
    execute: async (input, context) => {
      await abortableDelay(latencyMs, context.signal);
      return tool.execute(input, context);
    },
  };
}
