import type { JsonObject, ToolContext, ToolOutput } from '@toolcell/core';
import { abortableDelay, errorMessage, toolOutput } from '@toolcell/core';
import type { ToolRegistry } from '@toolcell/registry';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { LoggingMessageNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { joinedText, mapMcpContent } from './map-mcp-content.js';
import { McpCallError } from './mcp-call-error.js';
import { mcpCallFailure } from './mcp-call-failure.js';
import type { McpClientHost } from './mcp-client-host.js';
import type { McpErrorCode } from './mcp-error-codes.js';
import type { McpLogEvent, McpProgressEvent, McpServerState, McpServerStatus, McpTransportKind } from './mcp-server-status.js';
import type { McpServerConfig } from './mcp-servers-config.js';
import { isStdioServerConfig } from './mcp-servers-config.js';
import type { McpOAuthSettings } from './mcp-oauth-provider.js';
import { openMcpClient } from './open-mcp-client.js';
import { RegisteredMcpTools } from './registered-mcp-tools.js';
import { untilAborted } from './until-aborted.js';
import { typedMcpResult } from './typed-mcp-result.js';
import { READ_RESOURCE_TOOL_NAME, readResourceOutput, readResourceTool } from './read-resource-tool.js';

/** Restarts of a server that exited or failed to start. */
export interface McpRestartPolicy {
  /** Wait before the first restart (default 250 ms); doubles per failed attempt. */
  readonly initialDelayMs?: number;
  /** The longest wait (default 10,000 ms). */
  readonly maxDelayMs?: number;
  /** Restarts in a row without a successful start before calls fail at once (default 5). */
  readonly maxAttempts?: number;
}

/** Settings a connection shares with its siblings (resolved by `connectMcpServers`). */
export interface McpConnectionSettings {
  readonly registry: ToolRegistry;
  readonly prefix: string;
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly maxResultBytes: number;
  readonly restart: Required<McpRestartPolicy> | false;
  readonly clientInfo: { readonly name: string; readonly version: string };
  readonly host: McpClientHost;
  readonly oauth: McpOAuthSettings;
  readonly onStatus: (status: McpServerStatus) => void;
  readonly onProgress: (event: McpProgressEvent) => void;
  readonly onLog: (event: McpLogEvent) => void;
}

const STDERR_TAIL = 2000;

/**
 * One configured server: its SDK client, its tools in the registry, its restarts. A
 * server that goes away is reported once; its tools stay registered and the next call
 * restarts it after the backoff delay.
 */
export class McpServerConnection {
  private client: Client | undefined;
  private state: McpServerState = 'connecting';
  private kind: McpTransportKind;
  private exitCause: McpCallError | undefined;
  private restarts = 0;
  private failedAttempts = 0;
  private restarting: Promise<Client> | undefined;
  private refreshing: Promise<void> = Promise.resolve();
  private stderr = '';
  /** The toolcell call ids of the calls into this server running now. */
  private readonly running = new Set<string>();
  private readonly tools: RegisteredMcpTools;
  /** The `read_resource` tool toolcell adds when the server declares `resources` (recognised by identity). */
  private readonly readResource: Tool;
  /** Aborted by `close()`: stops a restart waiting out its backoff. */
  private readonly closing = new AbortController();

  constructor(
    readonly name: string,
    private readonly config: McpServerConfig,
    private readonly settings: McpConnectionSettings,
  ) {
    this.kind = isStdioServerConfig(config) ? 'stdio' : 'streamable-http';
    this.readResource = readResourceTool(name);
    this.tools = new RegisteredMcpTools({ registry: settings.registry, prefix: settings.prefix, serverName: name, call: (toolName, input, context) => this.call(toolName, input, context) });
  }

  /** Connect and register the server's tools; a failure is kept in the status, not thrown. */
  async start(): Promise<void> {
    this.setState('connecting');
    this.stderr = '';
    this.exitCause = undefined;
    try {
      const opened = await openMcpClient(this.config, {
        serverName: this.name,
        clientInfo: this.settings.clientInfo,
        host: this.settings.host,
        connectTimeoutMs: this.settings.connectTimeoutMs,
        maxBufferBytes: this.settings.maxResultBytes,
        onStderr: (chunk) => {
          this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL);
        },
        prepare: (client) => this.watch(client),
        oauth: this.settings.oauth,
        signal: this.closing.signal,
      });
      this.client = opened.client;
      this.kind = opened.kind;
      this.tools.sync(await this.offeredTools(opened.client));
      this.failedAttempts = 0;
      this.setState('ready');
    } catch (error) {
      const client = this.client;
      this.client = undefined;
      await client?.close().catch(() => undefined);
      this.exitCause =
        McpCallError.isInstance(error) && error.mcpCode === 'MCP_UNAUTHORIZED'
          ? error
          : this.failure('MCP_SERVER_EXITED', `could not start: ${errorMessage(error)}${this.stderrNote()}`);
      this.setState('failed');
    }
  }

  /** The server's status now. */
  status(): McpServerStatus {
    return {
      name: this.name,
      transport: this.kind,
      state: this.state,
      toolCount: this.tools.size,
      restarts: this.restarts,
      error: this.state === 'exited' || this.state === 'failed' ? this.exitCause?.message : undefined,
      skipped: this.tools.skipped,
    };
  }

  /** Run one tool call; every failure is an {@link McpCallError}. */
  async call(toolName: string, input: JsonObject, context: ToolContext): Promise<ToolOutput> {
    this.running.add(context.callId);
    try {
      return await this.callConnected(toolName, input, context);
    } finally {
      this.running.delete(context.callId);
    }
  }

  private async callConnected(toolName: string, input: JsonObject, context: ToolContext): Promise<ToolOutput> {
    const client = await this.connected(context.signal);
    if (this.tools.toolOf(context.toolName) === this.readResource) return this.read(client, input, context);
    let result: CallToolResult;
    try {
      result = (await client.callTool({ name: toolName, arguments: input }, undefined, {
        signal: context.signal,
        timeout: this.settings.timeoutMs,
        onprogress: (progress) =>
          this.settings.onProgress({ serverName: this.name, toolName: context.toolName, callId: context.callId, progress: progress.progress, total: progress.total, message: progress.message }),
      })) as CallToolResult;
    } catch (error) {
      if (context.signal.aborted) throw error;
      throw mcpCallFailure({ error, serverName: this.name, toolName, exitCause: this.exitCause });
    }
    const { content } = result;
    if (result.isError === true) {
      throw this.failure('MCP_TOOL_ERROR', `"${toolName}" reported an error: ${joinedText(content) || '(no text)'}`, toolName);
    }
    const hasOutputSchema = this.tools.toolOf(context.toolName)?.outputSchema !== undefined;
    return toolOutput({ result: typedMcpResult({ content, structuredContent: result.structuredContent, hasOutputSchema }), wire: mapMcpContent(content) });
  }

  /** Read one resource for the added `read_resource` tool. */
  private async read(client: Client, input: JsonObject, context: ToolContext): Promise<ToolOutput> {
    const uri = String(input.uri);
    try {
      return readResourceOutput(await client.readResource({ uri }, { signal: context.signal, timeout: this.settings.timeoutMs }));
    } catch (error) {
      if (context.signal.aborted) throw error;
      throw mcpCallFailure({ error, serverName: this.name, toolName: READ_RESOURCE_TOOL_NAME, exitCause: this.exitCause });
    }
  }

  /** Disconnect and remove this server's tools from the registry. */
  async close(): Promise<void> {
    this.setState('closed');
    this.closing.abort();
    const client = this.client;
    this.client = undefined;
    this.tools.clear();
    await client?.close().catch(() => undefined);
  }

  /** A running client, restarting an exited server first (shared by concurrent calls). */
  private connected(signal: AbortSignal): Promise<Client> {
    if (this.state === 'ready' && this.client) return Promise.resolve(this.client);
    if (this.state === 'closed') return Promise.reject(this.failure('MCP_SERVER_EXITED', 'the connection was closed.'));
    // One restart for every waiting call; each caller stops waiting when its own call is cancelled.
    const restarting = (this.restarting ??= this.restart().finally(() => {
      this.restarting = undefined;
    }));
    return untilAborted(restarting, signal);
  }

  private async restart(): Promise<Client> {
    const policy = this.settings.restart;
    const cause = this.exitCause?.detail ?? 'the server is not running';
    if (policy === false) throw this.failure('MCP_SERVER_EXITED', `${cause}; restarts are off.`);
    if (this.failedAttempts >= policy.maxAttempts) throw this.failure('MCP_SERVER_EXITED', `${cause}; gave up after ${policy.maxAttempts} restarts.`);
    await abortableDelay(Math.min(policy.initialDelayMs * 2 ** this.failedAttempts, policy.maxDelayMs), this.closing.signal);
    this.failedAttempts += 1;
    this.restarts += 1;
    await this.start();
    if (this.state !== 'ready' || !this.client) throw this.exitCause ?? this.failure('MCP_SERVER_EXITED', 'restart failed.');
    return this.client;
  }

  private watch(client: Client): void {
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      this.refreshing = this.refreshing.then(async () => {
        if (this.client !== client) return;
        try {
          this.tools.sync(await this.offeredTools(client));
          this.settings.onStatus(this.status());
        } catch {
          // A failed refresh keeps the last list; the next notification tries again.
        }
      });
    });
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      const { level, logger, data } = notification.params;
      this.settings.onLog({ serverName: this.name, level, logger, data, callIds: [...this.running] });
    });
    client.onerror = (error) => {
      const broken = brokenStream(error);
      if (!broken || this.exitCause) return;
      const detail = broken === 'MCP_RESULT_TOO_LARGE' ? `a message was larger than maxResultBytes (${this.settings.maxResultBytes} bytes); the connection was closed.` : `sent a malformed message (${error.message.slice(0, 200)}); the connection was closed.`;
      this.exitCause = this.failure(broken, detail);
      void client.close();
    };
    client.onclose = () => {
      if (this.client !== client || this.state === 'closed') return;
      this.client = undefined;
      this.exitCause ??= this.failure('MCP_SERVER_EXITED', `the server exited or closed the connection${this.stderrNote()}; it restarts on the next call.`);
      this.setState('exited');
    };
  }

  /** The server's tools, and `read_resource` when it declares resources and has no tool of that name. */
  private async offeredTools(client: Client): Promise<Tool[]> {
    const tools = await this.listTools(client);
    const declaresResources = client.getServerCapabilities()?.resources !== undefined;
    return declaresResources && !tools.some((tool) => tool.name === READ_RESOURCE_TOOL_NAME) ? [...tools, this.readResource] : tools;
  }

  private async listTools(client: Client): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: this.settings.timeoutMs });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  }

  private setState(state: McpServerState): void {
    this.state = state;
    this.settings.onStatus(this.status());
  }

  private failure(mcpCode: McpErrorCode, message: string, toolName?: string): McpCallError {
    return new McpCallError({ mcpCode, serverName: this.name, toolName, message });
  }

  private stderrNote(): string {
    const tail = this.stderr.trim();
    return tail === '' ? '' : ` (stderr: ${tail.slice(-500)})`;
  }
}

/** A transport error that leaves the stream unusable: the connection is closed. */
function brokenStream(error: Error): McpErrorCode | undefined {
  if (error.message.startsWith('ReadBuffer exceeded')) return 'MCP_RESULT_TOO_LARGE';
  if (error instanceof SyntaxError || error.name === 'ZodError') return 'MCP_PROTOCOL_ERROR';
  return undefined;
}
