// Compiling examples for the README and the API docs (typechecked, never built or shipped).
import type { FunctionToolDefinition } from '@toolcell/core';
import { toolOutput, wireText } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createChildProcessTransport } from '@toolcell/sandbox/node';
import type { CellUpdateEvent } from './index.js';
import { CodeMode } from './index.js';

const contextRemaining: FunctionToolDefinition = {
  kind: 'function',
  name: 'get_context_remaining',
  description: 'Tokens of context left.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: { type: 'object', properties: { tokens_left: { type: 'integer' } } },
  readOnly: true,
  execute: () => toolOutput({ result: { tokens_left: 9000 }, wire: '9000 tokens left' }),
};

export async function example(): Promise<string> {
  // #region CodeMode
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  registry.register(contextRemaining);
  const runtime = new ToolRuntime({ registry });
  const transport = createChildProcessTransport();
  const codeMode = new CodeMode({ registry, runtime, transport, cells: true });
  codeMode.install();
  codeMode.events.on('cell-notify', ({ cellId, value }) => console.log(`cell ${cellId}:`, value));

  // The program receives the typed result ({ tokens_left: 9000 }), not the sentence.
  const outcome = await runtime.dispatch({
    name: 'exec',
    args: 'const { tokens_left } = await tools.get_context_remaining({}); return tokens_left > 1000;',
    callId: 'call_1',
    scope: registry.root,
  });
  await codeMode.shutdown();
  await transport.close();
  // #endregion CodeMode
  return outcome.status === 'ok' ? JSON.stringify(outcome.output.result.value) : outcome.message;
}

/** Push completion: hand a cell's news to the model as a message instead of letting it poll `wait`. */
export function pushCompletion(codeMode: CodeMode, sendToModel: (text: string) => void): () => void {
  // #region pushCompletion
  const onUpdate = (event: CellUpdateEvent) => {
    void codeMode.takeCellReport({ scopeId: event.scopeId, cellId: event.cellId }).then((delivery) => {
      if (delivery) sendToModel(`Cell ${event.cellId} has news:\n${wireText(delivery.output.wire)}`);
    });
  };
  codeMode.events.on('cell-update', onUpdate);
  // #endregion pushCompletion
  return () => codeMode.events.off('cell-update', onUpdate);
}

/** A host that runs a program itself (an agent framework's tool) and reads its typed result. */
export async function runProgram(codeMode: CodeMode, user: { id: string }): Promise<unknown> {
  // #region runProgram
  const { outcome, result } = await codeMode.runProgram({
    code: 'const { tokens_left } = await tools.get_context_remaining({}); return tokens_left;',
    callId: 'call_2',
    hostContext: { user }, // every nested call's ToolContext.hostContext
  });
  if (result?.status === 'completed') return result.return_value; // 9000
  return outcome.status === 'error' ? outcome.message : result?.error?.message;
  // #endregion runProgram
}
