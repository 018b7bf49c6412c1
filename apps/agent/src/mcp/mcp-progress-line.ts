import type { McpProgressEvent, McpServersHandle } from '@toolcell/mcp';

/** One progress line for people: `… mcp__files__search progress 2/5: scanning`. */
export function mcpProgressLine(event: McpProgressEvent): string {
  const amount = event.total === undefined ? `${event.progress}` : `${event.progress}/${event.total}`;
  return `    … ${event.toolName} ${event.callId} progress ${amount}${event.message === undefined ? '' : `: ${event.message}`}`;
}

/** Print the imported servers' progress notifications as they arrive. */
export function printMcpProgress(servers: McpServersHandle | undefined, write: (line: string) => void): void {
  servers?.events.on('tool-progress', (event) => write(mcpProgressLine(event)));
}
