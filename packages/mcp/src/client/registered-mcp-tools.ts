import type { ToolContext, ToolOutput, JsonObject } from '@toolcell/core';
import type { ToolRegistry } from '@toolcell/registry';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpSkippedTool } from './mcp-server-status.js';
import { mcpToolDefinition, mcpToolName } from './mcp-tool-definition.js';

/**
 * One server's tools in the registry, kept equal to its latest list: added, changed
 * (re-registered) and removed, in name order; a name another tool already has is skipped,
 * and so is a tool that runs only as an MCP task (`execution.taskSupport: "required"`).
 */
export class RegisteredMcpTools {
  private readonly registered = new Map<string, { readonly key: string; readonly tool: Tool }>();
  private skippedTools: McpSkippedTool[] = [];

  constructor(
    private readonly options: {
      readonly registry: ToolRegistry;
      readonly prefix: string;
      readonly serverName: string;
      readonly call: (toolName: string, input: JsonObject, context: ToolContext) => Promise<ToolOutput>;
    },
  ) {}

  /** Tools of this server in the registry now. */
  get size(): number {
    return this.registered.size;
  }

  /** Tools left out at the last sync. */
  get skipped(): readonly McpSkippedTool[] {
    return this.skippedTools;
  }

  /** The MCP tool behind a canonical name, if it is one of this server's. */
  toolOf(canonicalName: string): Tool | undefined {
    return this.registered.get(canonicalName)?.tool;
  }

  /** Make the registry hold exactly `tools`. */
  sync(tools: readonly Tool[]): void {
    const { registry, prefix, serverName, call } = this.options;
    const skipped: McpSkippedTool[] = [];
    const next = new Map<string, Tool>();
    for (const tool of tools) {
      const name = mcpToolName(prefix, serverName, tool.name);
      // A task-only tool answers a plain tools/call with an error: offering it to programs would only fail.
      if (tool.execution?.taskSupport === 'required') {
        skipped.push({ name, message: `"${name}" runs only as an MCP task (execution.taskSupport "required"), which toolcell does not run; this MCP tool is left out.` });
      } else next.set(name, tool);
    }
    for (const name of this.registered.keys()) {
      if (next.has(name)) continue;
      registry.unregister(name);
      this.registered.delete(name);
    }
    for (const [name, tool] of [...next].sort(([left], [right]) => (left < right ? -1 : 1))) {
      const key = JSON.stringify(tool);
      const known = this.registered.get(name)?.key;
      if (known === key) continue;
      if (known !== undefined) registry.unregister(name);
      else if (registry.get(name) !== undefined) {
        skipped.push({ name, message: `"${name}" is already registered by another tool; this MCP tool is left out.` });
        continue;
      }
      registry.register(mcpToolDefinition({ name, tool, call }));
      this.registered.set(name, { key, tool });
    }
    this.skippedTools = skipped;
  }

  /** Remove every tool of this server from the registry. */
  clear(): void {
    for (const name of this.registered.keys()) this.options.registry.unregister(name);
    this.registered.clear();
  }
}
