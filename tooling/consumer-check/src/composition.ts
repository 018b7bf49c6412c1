// The packages composed the way a host composes them (compiled only, never run): one
// registry, one runtime with a guard, Code Mode on an in-process sandbox, the exec
// description, and the wire declarations in two providers' formats.
import type { CallOutcome } from '@toolcell/core';
import { CodeMode } from '@toolcell/codemode';
import { ToolRuntime } from '@toolcell/executor';
import { anthropicAdapter } from '@toolcell/providers/anthropic';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { generateExecDescription } from '@toolcell/sdkgen';
import { contextRemaining } from './core.js';

const registry = new ToolRegistry({ mode: 'code_mode_only' });
registry.register(contextRemaining);
const runtime = new ToolRuntime({ registry });
export const removeGuard: () => void = runtime.addGuard((call) =>
  call.nested && call.toolName === 'delete_file' ? { type: 'deny', reason: 'not from programs' } : undefined,
);
const transport = createInProcessTransport();
const codeMode = new CodeMode({ registry, runtime, transport });
export const uninstall: () => void = codeMode.install();

// The limits the transport resolves are what sdkgen's `ExecLimits` asks for, by name.
export const execDescription: string = generateExecDescription(registry, registry.root, { limits: transport.resolveLimits() });
const declarations = registry.wireView(registry.root);
export const openaiTools = openaiChatAdapter.toTools(declarations);
export const anthropicTools = anthropicAdapter.toTools(declarations);

export function runProgram(source: string): Promise<CallOutcome> {
  return runtime.dispatch({ name: 'exec', args: source, callId: 'call_1', scope: registry.root });
}
