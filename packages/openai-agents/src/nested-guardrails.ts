import { runToolInputGuardrails, runToolOutputGuardrails } from '@openai/agents';
import type { Guard, GuardDecision } from '@toolcell/executor';
import type { AgentsRun, AnyAgent, AnyFunctionTool } from './agents-run.js';
import { runOf } from './agents-run.js';

/** The function call item a guardrail is shown for a nested call, as for a direct one. */
function toolCallOf(tool: AnyFunctionTool, callId: string, args: unknown) {
  return { type: 'function_call' as const, callId, name: tool.name, arguments: JSON.stringify(args), status: 'completed' as const };
}

/**
 * A runtime guard that runs each nested call's tool input guardrails, with the SDK's own
 * runner of them: `rejectContent` refuses the call (`DENIED`, the guardrail's message);
 * a tripwire (`throwException`) refuses it and is kept for `exec` to fail the run with.
 */
export function inputGuardrailsGuard(toolNamed: (name: string) => AnyFunctionTool | undefined): Guard {
  return async (call): Promise<GuardDecision | void> => {
    const run = runOf(call.hostContext);
    const tool = toolNamed(call.toolName);
    if (run === undefined || tool === undefined || (tool.inputGuardrails ?? []).length === 0) return;
    const verdict = await tripwire(run, () =>
      runToolInputGuardrails({ guardrails: tool.inputGuardrails, context: run.runContext, agent: run.agent as AnyAgent, toolCall: toolCallOf(tool, call.callId, call.args) }),
    );
    if (verdict.type === 'reject') return { type: 'deny', reason: `A guardrail of "${tool.name}" rejected the call: ${verdict.message}` };
  };
}

/**
 * Run a nested call's tool output guardrails: the output as it passed them, or, when one
 * rejected it (`rejectContent`), the message that replaces it (the SDK shows the model that
 * message instead of the output).
 */
export async function checkOutput(tool: AnyFunctionTool, run: AgentsRun, callId: string, args: unknown, output: unknown): Promise<{ readonly rejected: string } | undefined> {
  if ((tool.outputGuardrails ?? []).length === 0) return undefined;
  const checked = await tripwire(run, () =>
    runToolOutputGuardrails({ guardrails: tool.outputGuardrails, context: run.runContext, agent: run.agent as AnyAgent, toolCall: toolCallOf(tool, callId, args), toolOutput: output }),
  );
  return checked === output ? undefined : { rejected: String(checked) };
}

/** Run guardrails; a tripwire (or a guardrail's own error) is kept for `exec` to rethrow, as the SDK's runner fails the run. */
async function tripwire<T>(run: AgentsRun, guardrails: () => Promise<T>): Promise<T> {
  try {
    return await guardrails();
  } catch (error) {
    run.tripwire ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  }
}
