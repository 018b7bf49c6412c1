/** How a server is reached. */
export type McpTransportKind = 'stdio' | 'streamable-http' | 'sse';

/**
 * Where a server stands: `connecting`, `ready`, `exited` (it was running and went away;
 * the next call restarts it), `failed` (it could not start; the next call tries again),
 * `closed` (the handle was closed).
 */
export type McpServerState = 'connecting' | 'ready' | 'exited' | 'failed' | 'closed';

/** An MCP tool that was not registered, and why. */
export interface McpSkippedTool {
  /** The canonical name it would have had. */
  readonly name: string;
  readonly message: string;
}

/** One server's status, as `toolcell inspect` lists it. */
export interface McpServerStatus {
  /** The server's name in the `mcpServers` map. */
  readonly name: string;
  readonly transport: McpTransportKind;
  readonly state: McpServerState;
  /** Tools of this server in the registry now. */
  readonly toolCount: number;
  /** Restarts after a crash or a failed start. */
  readonly restarts: number;
  /** Why it exited or failed (`MCP_SERVER_EXITED: …`), if it did. */
  readonly error: string | undefined;
  /** Tools left out, e.g. because a built-in tool has the same name. */
  readonly skipped: readonly McpSkippedTool[];
}

/** A progress notification of a running MCP tool call. */
export interface McpProgressEvent {
  readonly serverName: string;
  /** The canonical registry name. */
  readonly toolName: string;
  /** The toolcell call id (matches the executor's call events). */
  readonly callId: string;
  readonly progress: number;
  readonly total: number | undefined;
  readonly message: string | undefined;
}

/** The severity of a log message, as MCP (syslog) orders them, lowest first. */
export type McpLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** A log message a server sent (MCP `notifications/message`). */
export interface McpLogEvent {
  readonly serverName: string;
  readonly level: McpLogLevel;
  /** The server's name for the part that logged, if it gave one. */
  readonly logger: string | undefined;
  /** What the server logged: a string or any JSON value. */
  readonly data: unknown;
  /**
   * The toolcell call ids of this server's calls running when the message came (MCP does
   * not tie a log message to a request; these are the calls it may be about).
   */
  readonly callIds: readonly string[];
}

/** Events of {@link McpServersHandle.events} (eventemitter3 signatures). */
export interface McpClientEvents {
  /** A server changed state or tool count (a crash is reported once, here). */
  'server-status': (status: McpServerStatus) => void;
  /** A server reported progress for a running call. */
  'tool-progress': (event: McpProgressEvent) => void;
  /** A server sent a log message (servers that declare `logging` choose what they send). */
  'server-log': (event: McpLogEvent) => void;
}
