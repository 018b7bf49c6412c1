import type { CallEndEvent, CallStartEvent, ToolRuntime } from '@toolcell/executor';
import type { EventEmitter } from 'eventemitter3';
import type { ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import type { McpClientEvents, McpLogEvent, McpLogLevel, McpProgressEvent } from '../client/mcp-server-status.js';

const SEVERITY: readonly McpLogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** Whether a message at `level` reaches a client that asked for `threshold` and above (everything when it asked for nothing). */
export function logLevelPasses(level: McpLogLevel, threshold: McpLogLevel | undefined): boolean {
  return threshold === undefined || SEVERITY.indexOf(level) >= SEVERITY.indexOf(threshold);
}

/** What {@link watchCallNotifications} needs of one client call. */
export interface CallNotificationsOptions {
  /** The toolcell call id of the client's call. */
  readonly callId: string;
  readonly runtime: ToolRuntime;
  /** The imported servers whose progress and log messages are forwarded, if any. */
  readonly imported: { readonly events: EventEmitter<McpClientEvents> } | undefined;
  /** The client's `progressToken`, if it gave one: progress is sent only then. */
  readonly progressToken: string | number | undefined;
  /** The session's log level now (`logging/setLevel`); `undefined` until the client sets one. */
  readonly logLevel: () => McpLogLevel | undefined;
  /** Send a notification on the call's own stream (`extra.sendNotification`). */
  readonly send: (notification: ServerNotification) => Promise<void>;
}

/**
 * While one client call runs, tell its client what happens inside it: with a progress
 * token, one progress notification per finished nested call of a program, and each
 * progress notification of an imported server for the call or one of its nested calls;
 * log messages of imported servers about those calls, at or above the session's level.
 * Progress of a program counts every notification sent (MCP wants it to increase), the
 * detail in the message; a direct call of an imported tool passes its progress on as sent.
 * Returns the function that stops watching.
 */
export function watchCallNotifications(options: CallNotificationsOptions): () => void {
  const { callId, runtime, imported, progressToken: token, send } = options;
  const nested = new Set<string>();
  let sent = 0;
  const notify = (notification: ServerNotification): void => void send(notification).catch(() => undefined);
  const progress = (amount: { readonly progress: number; readonly total?: number | undefined; readonly message: string }): void => {
    if (token === undefined) return;
    notify({ method: 'notifications/progress', params: { progressToken: token, ...amount } });
  };
  const onCallStart = (event: CallStartEvent): void => {
    if (event.parentCallId === callId) nested.add(event.callId);
  };
  const onCallEnd = (event: CallEndEvent): void => {
    if (event.parentCallId !== callId) return;
    sent += 1;
    progress({ progress: sent, message: `tools call ${event.toolName}: ${event.status}` });
  };
  const onToolProgress = (event: McpProgressEvent): void => {
    if (event.callId === callId) {
      progress({ progress: event.progress, ...(event.total === undefined ? {} : { total: event.total }), message: event.message ?? `${event.toolName}: ${event.progress}` });
      return;
    }
    if (!nested.has(event.callId)) return;
    sent += 1;
    const amount = event.total === undefined ? `${event.progress}` : `${event.progress}/${event.total}`;
    progress({ progress: sent, message: `tools call ${event.toolName} progress ${amount}${event.message === undefined ? '' : `: ${event.message}`}` });
  };
  const onServerLog = (event: McpLogEvent): void => {
    if (!event.callIds.some((id) => id === callId || nested.has(id))) return;
    if (!logLevelPasses(event.level, options.logLevel())) return;
    const logger = event.logger === undefined ? `mcp:${event.serverName}` : `mcp:${event.serverName}:${event.logger}`;
    notify({ method: 'notifications/message', params: { level: event.level, logger, data: event.data } });
  };
  runtime.events.on('call-start', onCallStart);
  runtime.events.on('call-end', onCallEnd);
  imported?.events.on('tool-progress', onToolProgress);
  imported?.events.on('server-log', onServerLog);
  return () => {
    runtime.events.off('call-start', onCallStart);
    runtime.events.off('call-end', onCallEnd);
    imported?.events.off('tool-progress', onToolProgress);
    imported?.events.off('server-log', onServerLog);
  };
}
