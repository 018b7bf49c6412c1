import { CodeMode } from '@toolcell/codemode';
import type { ToolDefinition } from '@toolcell/core';
import { isCodeMode } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import type { ApprovalHandler } from '@toolcell/executor';
import type { Scope } from '@toolcell/registry';
import { ToolRegistry } from '@toolcell/registry';
import type { SandboxTransport } from '@toolcell/sandbox';
import { createToolSearchTool } from '@toolcell/sdkgen';
import type { QuestionAsker } from '@toolcell/demo-tools';
import { MemoryWorkspace } from '@toolcell/demo-tools';
import { createPlaygroundDemoTools } from '../tool-set/demo-tools.js';
import { DEMO_PROJECT } from '../tool-set/demo-project.js';
import { parsePastedTools } from '../tool-set/pasted-tools.js';
import type { PlaygroundConfig } from './playground-config.js';
import { SUBAGENT_SCOPE_ID } from './playground-config.js';

/** One composed stack: the same packages and the same wiring as a host on Node. */
export interface PlaygroundRuntime {
  readonly registry: ToolRegistry;
  readonly runtime: ToolRuntime;
  readonly codeMode: CodeMode;
  /** The scope the page looks at and runs in. */
  readonly scope: Scope;
  /** The demo tools' in-memory project (none for pasted tools). */
  readonly workspace: MemoryWorkspace | undefined;
}

/** What the composition needs beyond the config. */
export interface PlaygroundRuntimeOptions {
  readonly transport: SandboxTransport;
  readonly approval?: ApprovalHandler;
  /** How `ask_user_question` reaches the person (default: nobody answers). */
  readonly ask?: QuestionAsker;
}

/** The tools a config names (a fresh in-memory project for the demo tools). */
export function toolsOf(config: PlaygroundConfig, ask: QuestionAsker): { tools: ToolDefinition[]; workspace: MemoryWorkspace | undefined } {
  if (config.toolSet.type === 'pasted') return { tools: parsePastedTools(config.toolSet.json), workspace: undefined };
  const workspace = new MemoryWorkspace(DEMO_PROJECT);
  return { tools: createPlaygroundDemoTools(workspace, ask), workspace };
}

/**
 * Registry, runtime and Code Mode for a config. The page builds one (never running a
 * program) for the wire and execution views; the worker builds one to run programs.
 *
 * @throws Error when pasted tools are not valid.
 */
export function createPlaygroundRuntime(config: PlaygroundConfig, options: PlaygroundRuntimeOptions): PlaygroundRuntime {
  const registry = new ToolRegistry({ mode: config.mode, root: { search: config.lazy } });
  const { tools, workspace } = toolsOf(config, options.ask ?? (async () => undefined));
  for (const tool of tools) registry.register(tool);
  if (config.lazy && isCodeMode(config.mode)) registry.register(createToolSearchTool(registry));
  const runtime = new ToolRuntime({ registry, ...(options.approval ? { approval: options.approval } : {}) });
  const codeMode = new CodeMode({ registry, runtime, transport: options.transport, cells: { defaultYieldTimeMs: 5_000 } });
  codeMode.install();
  const scope =
    config.scope === 'root'
      ? registry.root
      : registry.createScope({
          id: SUBAGENT_SCOPE_ID,
          nestedAllow: config.allow,
          // The control tools stay callable; the registry refuses names it does not know.
          directAllow: [...config.allow, ...['exec', 'wait', 'tool_search'].filter((name) => registry.get(name) !== undefined)],
          search: config.lazy,
        });
  return { registry, runtime, codeMode, scope, workspace };
}
