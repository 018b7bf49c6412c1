import type { CodeMode } from '@toolcell/codemode';
import { ConfigurationError } from '@toolcell/core';
import type { ToolRuntime } from '@toolcell/executor';
import type { Scope, ToolRegistry } from '@toolcell/registry';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CallToolRequestSchema, ListToolsRequestSchema, SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { EventEmitter } from 'eventemitter3';
import type { McpClientEvents, McpLogLevel } from '../client/mcp-server-status.js';
import { watchCallNotifications } from './call-notifications.js';
import type { McpClientQuestion } from './elicit-from-client.js';
import { canElicit, elicitAnswer, elicitApproval } from './elicit-from-client.js';
import type { ElicitationApproval } from './elicitation-approval.js';
import { mcpCallResult } from './mcp-call-result.js';
import type { PendingApprovalsNote } from './pending-approvals-note.js';
import { withPendingApprovalsNote } from './pending-approvals-note.js';
import { mcpToolListing } from './mcp-tool-listing.js';

/** Options of {@link createCodeModeMcpServer}. */
export interface CodeModeMcpServerOptions {
  readonly registry: ToolRegistry;
  /** Every call — the client's and every nested call of a program — runs through it. */
  readonly runtime: ToolRuntime;
  /** Installed in `registry` (its `exec` is the one served). */
  readonly codeMode: CodeMode;
  /**
   * Whose wire view is served (default the registry's root scope). Each client session
   * runs in a scope of its own created under it (so its cells, stored values and live-cell
   * limit are its own), dropped when the session closes.
   */
  readonly scope?: Scope;
  /** The approval handler `runtime` was built with, to reach the client's user by elicitation. */
  readonly approval?: ElicitationApproval;
  /** How the server introduces itself. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  /**
   * Tools that work only by asking the client's user (`ask_user_question`, answering
   * through {@link CodeModeMcpServer.askClient}): listed to, and callable by, only clients
   * that declare the `elicitation` capability.
   */
  readonly elicitationTools?: readonly string[];
  /**
   * The imported servers (`connectMcpServers`' handle) whose tools `registry` holds: their
   * progress and log messages about a client's call (or a nested call of its program)
   * are passed on to that client.
   */
  readonly importedServers?: { readonly events: EventEmitter<McpClientEvents> };
  /**
   * With durable cells: how the approvals a suspended cell waits for are decided outside
   * the conversation (e.g. the command that decides them), added to every `exec` and
   * `wait` answer that lists some.
   */
  readonly pendingApprovalsNote?: PendingApprovalsNote;
}

/** A code-mode MCP server: one SDK server per connected client session. */
export interface CodeModeMcpServer {
  /** Serve one client over `transport` (stdio, or one Streamable HTTP session). */
  connect(transport: Transport): Promise<void>;
  /** Close every session. */
  close(): Promise<void>;
  /**
   * Ask the user of the client whose call `question.callId` is (still running) by an MCP
   * elicitation. `undefined` when that client cannot elicit, or its user declines or
   * cancels.
   */
  askClient(question: McpClientQuestion): Promise<string | undefined>;
}

/**
 * Serve a scope's wire view over MCP: in `code_mode_only`, `exec` (with its generated
 * description), `wait` when cells are on, `tool_search` in lazy mode and the
 * direct-control tools; in `code_mode` the ordinary tools too. `exec` takes `{ code }`;
 * its result is the wire output as content and the typed result as `structuredContent`.
 * With a progress token, a program reports each finished nested call, and the progress of
 * imported servers' tools it calls, as progress. The server declares `logging`: imported
 * servers' log messages about a client's calls reach that client, at or above the level
 * it sets with `logging/setLevel` (everything until it sets one). A client's cancellation
 * cancels the program and its nested calls.
 *
 * @example
 * {@includeCode ../mcp.examples.ts#createCodeModeMcpServer}
 */
export function createCodeModeMcpServer(options: CodeModeMcpServerOptions): CodeModeMcpServer {
  const { registry, runtime, codeMode, approval } = options;
  if (registry.get(codeMode.execTool.name) !== codeMode.execTool) {
    throw new ConfigurationError({ setting: 'mcp.server.codeMode', message: 'install Code Mode in the registry (codeMode.install()) before serving it.' });
  }
  const scope = options.scope ?? registry.root;
  const serverInfo = options.serverInfo ?? { name: 'toolcell', version: '0.1.0' };
  const servers = new Set<Server>();
  // Session scope ids: unique among this server's sessions, and unlikely to meet a host's own scope ids.
  const scopePrefix = `mcp-session-${globalThis.crypto.randomUUID().slice(0, 8)}`;
  let sessions = 0;
  const onChange = (): void => {
    for (const server of servers) void server.sendToolListChanged().catch(() => undefined);
  };
  registry.events.on('registry-change', onChange);
  const elicitationTools = new Set(options.elicitationTools ?? []);
  // The client calls running now, by call id: where a question from one of them goes.
  const running = new Map<string, { readonly server: Server; readonly requestId: string | number }>();

  const serve = (server: Server, session: number, scope: Scope): void => {
    let logLevel: McpLogLevel | undefined;
    server.setRequestHandler(SetLevelRequestSchema, (request) => {
      logLevel = request.params.level;
      return {};
    });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: registry
        .wireView(scope)
        .filter((declaration) => canElicit(server) || !elicitationTools.has(declaration.name))
        .map((declaration) => mcpToolListing(declaration, registry.get(declaration.name)?.readOnly === true)),
    }));
    server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
      const { name, arguments: args = {} } = request.params;
      const callId = `mcp_${session}_${String(extra.requestId)}`;
      const tool = registry.get(name);
      const input = tool?.kind === 'freeform' ? args[tool.jsonFallback.parameter] : args;
      const elicits = canElicit(server);
      if (!elicits && elicitationTools.has(name)) {
        return { content: [{ type: 'text', text: `"${name}" asks the client's user, and this client does not support elicitation; it is not available here.` }], isError: true };
      }
      // Only a client that can elicit gets a channel; for others the fallback policy decides.
      const closeChannel = elicits ? approval?.open(callId, (approvalRequest) => elicitApproval(server, approvalRequest, extra.requestId)) : undefined;
      running.set(callId, { server, requestId: extra.requestId });
      const stopWatching = watchCallNotifications({
        callId,
        runtime,
        imported: options.importedServers,
        progressToken: request.params._meta?.progressToken,
        logLevel: () => logLevel,
        send: (notification) => extra.sendNotification(notification),
      });
      try {
        const outcome = await runtime.dispatch({ name, args: input, callId, scope, signal: extra.signal });
        // As listed: only an object output schema is (see mcpToolListing).
        const result = mcpCallResult(outcome, { hasOutputSchema: tool?.kind !== 'freeform' && tool?.outputSchema?.type === 'object' });
        return withPendingApprovalsNote(result, outcome, options.pendingApprovalsNote);
      } finally {
        stopWatching();
        running.delete(callId);
        closeChannel?.();
      }
    });
  };

  return {
    connect: async (transport) => {
      const server = new Server(serverInfo, { capabilities: { tools: { listChanged: true }, logging: {} } });
      sessions += 1;
      // Nothing of one session — cells, stored values, the live-cell limit — is another's.
      const sessionScope = registry.createScope({ id: `${scopePrefix}-${sessions}`, parent: scope });
      serve(server, sessions, sessionScope);
      servers.add(server);
      server.onclose = () => {
        servers.delete(server);
        // Ends the session's code-mode session: its cells are terminated, its stored values forgotten.
        registry.dropScope(sessionScope.id);
      };
      try {
        await server.connect(transport);
      } catch (error) {
        servers.delete(server);
        registry.dropScope(sessionScope.id);
        throw error;
      }
    },
    askClient: async (question) => {
      const call = running.get(question.callId);
      if (!call || !canElicit(call.server)) return undefined;
      return elicitAnswer(call.server, question, call.requestId);
    },
    close: async () => {
      registry.events.off('registry-change', onChange);
      await Promise.all([...servers].map((server) => server.close()));
      servers.clear();
    },
  };
}
