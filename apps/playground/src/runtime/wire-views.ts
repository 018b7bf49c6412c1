import type { ToolDeclaration } from '@toolcell/core';
import { anthropicAdapter } from '@toolcell/providers/anthropic';
import { geminiAdapter } from '@toolcell/providers/gemini';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import { openaiResponsesAdapter } from '@toolcell/providers/openai-responses';
import { loadTokenCounter } from '@toolcell/sdkgen';
import type { PlaygroundRuntime } from './playground-runtime.js';

/** One provider's tool list as it would be sent. */
export interface ProviderView {
  readonly provider: string;
  readonly json: string;
  readonly tokens: number;
}

/** How a tool fares on each route in the scope. */
export interface ExecutionRow {
  readonly name: string;
  /** `runs`, or the resolution that refuses it (the executor's code for direct calls). */
  readonly direct: string;
  readonly nested: string;
}

/** Everything the wire and execution panels show for one config. */
export interface WireViews {
  readonly declarations: readonly ToolDeclaration[];
  readonly providers: readonly ProviderView[];
  readonly execDescription: string | undefined;
  readonly execTokens: number;
  readonly execution: readonly ExecutionRow[];
}

const ADAPTERS = [openaiChatAdapter, openaiResponsesAdapter, anthropicAdapter, geminiAdapter] as const;

/**
 * The wire view (what the model is told, per provider) and the execution view (what may
 * run) of the scope. Direct refusals come from dispatching the call on the page's stack,
 * which refuses it at resolve before any tool runs: the code shown is the executor's own.
 */
export async function computeWireViews(stack: PlaygroundRuntime): Promise<WireViews> {
  const { registry, runtime, scope } = stack;
  const countTokens = await loadTokenCounter();
  const declarations = registry.wireView(scope);
  const providers = ADAPTERS.map((adapter) => {
    const json = JSON.stringify(adapter.toTools(declarations), null, 2);
    return { provider: adapter.provider, json, tokens: countTokens(json) };
  });
  const execDescription = declarations.find((declaration) => declaration.name === 'exec')?.description;
  const execution: ExecutionRow[] = [];
  for (const tool of registry.list()) {
    const direct = registry.resolveForExecution(tool.name, scope, { nested: false });
    const nested = registry.resolveForExecution(tool.name, scope, { nested: true });
    let directText = 'runs';
    if (direct.type !== 'callable') {
      const outcome = await runtime.dispatch({ name: tool.name, args: {}, callId: `view_${tool.name}`, scope });
      directText = outcome.status === 'error' ? `refused ${outcome.code}` : 'runs';
    }
    const nestedText = nested.type === 'callable' ? `runs as tools.${nested.jsName ?? tool.name}` : `refused (${nested.type === 'not_callable' ? nested.reason : nested.type})`;
    execution.push({ name: tool.name, direct: directText, nested: nestedText });
  }
  return { declarations, providers, execDescription, execTokens: execDescription === undefined ? 0 : countTokens(execDescription), execution };
}
