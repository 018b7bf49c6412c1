import type { McpServerStatus } from '@toolcell/mcp';

/** `toolcell inspect`'s lines for the imported MCP servers: name, state, tool count, trouble. */
export function serverStatusLines(statuses: readonly McpServerStatus[]): string[] {
  return statuses.map((status) => {
    const problems = [status.error, ...status.skipped.map((skipped) => skipped.message)].filter((text) => text !== undefined);
    const head = `${status.name} (${status.transport}): ${status.state}, ${status.toolCount} tool${status.toolCount === 1 ? '' : 's'}`;
    return problems.length === 0 ? head : `${head} — ${problems.join('; ')}`;
  });
}
