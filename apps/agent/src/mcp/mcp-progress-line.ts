import type { McpLogEvent, McpLogLevel, McpProgressEvent, McpServersHandle } from '@toolcell/mcp';

/** One progress line for people: `… mcp__files__search progress 2/5: scanning`. */
export function mcpProgressLine(event: McpProgressEvent): string {
  const amount = event.total === undefined ? `${event.progress}` : `${event.progress}/${event.total}`;
  return `    … ${event.toolName} ${event.callId} progress ${amount}${event.message === undefined ? '' : `: ${event.message}`}`;
}

/** The log levels people are shown: warnings and worse (servers send what they choose). */
const SHOWN_LEVELS: ReadonlySet<McpLogLevel> = new Set(['warning', 'error', 'critical', 'alert', 'emergency']);

/** One log line for people, `! mcp server files warning: disk almost full`; `undefined` below warning. */
export function mcpLogLine(event: McpLogEvent): string | undefined {
  if (!SHOWN_LEVELS.has(event.level)) return undefined;
  const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
  const logger = event.logger === undefined ? '' : ` (${event.logger})`;
  return `    ! mcp server ${event.serverName}${logger} ${event.level}: ${String(data).slice(0, 500)}`;
}

/** Print the imported servers' progress notifications, and their warnings and worse, as they arrive. */
export function printMcpProgress(servers: McpServersHandle | undefined, write: (line: string) => void): void {
  servers?.events.on('tool-progress', (event) => write(mcpProgressLine(event)));
  servers?.events.on('server-log', (event) => {
    const line = mcpLogLine(event);
    if (line !== undefined) write(line);
  });
}
