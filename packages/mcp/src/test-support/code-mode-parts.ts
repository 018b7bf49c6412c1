// A registry, a runtime over it and Code Mode in the in-process sandbox (not installed): what
// most of this package's tests import servers into or serve.
import { CodeMode } from '@toolcell/codemode';
import type { CodeModeOptions } from '@toolcell/codemode';
import type { ToolMode } from '@toolcell/core';
import type { ApprovalHandler } from '@toolcell/executor';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';

export interface CodeModeParts {
  readonly registry: ToolRegistry;
  readonly runtime: ToolRuntime;
  readonly codeMode: CodeMode;
  /** Shut Code Mode and its sandbox down. */
  shutdown(): Promise<void>;
}

export interface CodeModePartsOptions {
  readonly approval?: ApprovalHandler;
  readonly cells?: CodeModeOptions['cells'];
}

export function codeModeParts(mode: ToolMode, options: CodeModePartsOptions = {}): CodeModeParts {
  const registry = new ToolRegistry({ mode });
  const runtime = new ToolRuntime({ registry, ...(options.approval ? { approval: options.approval } : {}) });
  const transport = createInProcessTransport();
  const codeMode = new CodeMode({ registry, runtime, transport, ...(options.cells ? { cells: options.cells } : {}) });
  const shutdown = async (): Promise<void> => {
    await codeMode.shutdown();
    await transport.close();
  };
  return { registry, runtime, codeMode, shutdown };
}
