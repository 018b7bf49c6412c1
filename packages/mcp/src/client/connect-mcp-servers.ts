import { ConfigurationError } from '@toolcell/core';
import type { ToolRegistry } from '@toolcell/registry';
import { EventEmitter } from 'eventemitter3';
import type { McpClientHost } from './mcp-client-host.js';
import type { McpRestartPolicy } from './mcp-server-connection.js';
import { McpServerConnection } from './mcp-server-connection.js';
import type { McpClientEvents, McpServerStatus } from './mcp-server-status.js';
import type { McpServersConfig } from './mcp-servers-config.js';
import { parseMcpServersConfig } from './mcp-servers-config.js';
import { defaultOAuthDirectory } from './oauth-token-store.js';
import type { McpAuthorizationRequest } from './stored-oauth-provider.js';

/**
 * Options of {@link connectMcpServers}. `elicit`, `sample` and `roots` are what the servers
 * may ask of the host; each MCP client capability is declared only when given.
 */
export interface ConnectMcpServersOptions extends McpClientHost {
  /** Where the servers' tools are registered (and removed again on `close()`). */
  readonly registry: ToolRegistry;
  /** The first part of every canonical name, `<prefix>__<server>__<tool>` (default `mcp`). */
  readonly prefix?: string;
  /** How long one request may take before it fails with `MCP_TIMEOUT` (default 60,000 ms). */
  readonly timeoutMs?: number;
  /** How long starting and initializing a server may take (default 30,000 ms). */
  readonly connectTimeoutMs?: number;
  /** The largest message a stdio server may send (default 16 MiB); larger fails with `MCP_RESULT_TOO_LARGE`. */
  readonly maxResultBytes?: number;
  /** Restart servers that exit (default: 250 ms doubling to 10 s, 5 attempts), or `false`. */
  readonly restart?: McpRestartPolicy | false;
  /** How toolcell introduces itself to the servers. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /**
   * Asks a person to sign in to a server whose entry has `oauth` (authorization code flow):
   * open `request.url` in their browser, or print it. The browser comes back to a loopback
   * address toolcell listens on for that sign-in only. Without it, a server that needs a
   * person to sign in fails with `MCP_UNAUTHORIZED` (stored tokens are still used and refreshed).
   */
  readonly authorize?: (request: McpAuthorizationRequest) => void | Promise<void>;
  /** How long a person has to sign in (default 300,000 ms); the connect waits as long. */
  readonly authorizationTimeoutMs?: number;
  /**
   * Where OAuth tokens and registrations are stored, one `<server>.json` per server (file
   * mode 0600 in a 0700 directory). Default: `$XDG_CONFIG_HOME/toolcell/oauth`, else
   * `~/.config/toolcell/oauth` (`%APPDATA%\toolcell\oauth` on Windows).
   */
  readonly oauthDirectory?: string;
}

/** The connected servers. */
export interface McpServersHandle {
  /** Status changes (once per crash), progress of running calls, and the servers' log messages. */
  readonly events: EventEmitter<McpClientEvents>;
  /** Every server's status, in configuration order. */
  status(): McpServerStatus[];
  /** Disconnect every server and remove their tools from the registry. */
  close(): Promise<void>;
}

/**
 * Connect every server of an `mcpServers` map and register its tools as
 * `<prefix>__<server>__<tool>`. Resolves once every server has started or failed; a
 * server that cannot start is reported in `status()` and the others work as usual.
 * Throws `ConfigurationError` only for a malformed map.
 *
 * @example
 * {@includeCode ../mcp.examples.ts#connectMcpServers}
 */
export async function connectMcpServers(config: McpServersConfig, options: ConnectMcpServersOptions): Promise<McpServersHandle> {
  parseMcpServersConfig(config);
  const prefix = options.prefix ?? 'mcp';
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(prefix)) throw new ConfigurationError({ setting: 'mcp.prefix', message: 'expected a JavaScript identifier.' });
  const events = new EventEmitter<McpClientEvents>();
  const restart: Required<McpRestartPolicy> | false = options.restart === false ? false : { initialDelayMs: 250, maxDelayMs: 10_000, maxAttempts: 5, ...options.restart };
  const settings = {
    registry: options.registry,
    prefix,
    timeoutMs: options.timeoutMs ?? 60_000,
    connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
    maxResultBytes: options.maxResultBytes ?? 16 * 1024 * 1024,
    restart,
    clientInfo: options.clientInfo ?? { name: 'toolcell', version: '0.1.0' },
    host: { elicit: options.elicit, sample: options.sample, roots: options.roots },
    oauth: { directory: options.oauthDirectory ?? defaultOAuthDirectory(), authorize: options.authorize, authorizationTimeoutMs: options.authorizationTimeoutMs ?? 300_000 },
    onStatus: (status: McpServerStatus) => events.emit('server-status', status),
    onProgress: (event: Parameters<McpClientEvents['tool-progress']>[0]) => events.emit('tool-progress', event),
    onLog: (event: Parameters<McpClientEvents['server-log']>[0]) => events.emit('server-log', event),
  };
  const connections = Object.entries(config).map(([name, entry]) => new McpServerConnection(name, entry, settings));
  await Promise.all(connections.map((connection) => connection.start()));
  return {
    events,
    status: () => connections.map((connection) => connection.status()),
    close: async () => {
      await Promise.all(connections.map((connection) => connection.close()));
    },
  };
}
