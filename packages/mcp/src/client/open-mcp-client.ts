import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { DEFAULT_INHERITED_ENV_VARS, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpCallError } from './mcp-call-error.js';
import type { McpClientHost } from './mcp-client-host.js';
import { clientCapabilities, serveClientHost } from './mcp-client-host.js';
import type { McpTransportKind } from './mcp-server-status.js';
import type { McpServerConfig, McpStdioServerConfig } from './mcp-servers-config.js';
import { isStdioServerConfig } from './mcp-servers-config.js';
import type { McpOAuthSettings } from './mcp-oauth-provider.js';
import { mcpOAuthProviders } from './mcp-oauth-provider.js';
import { oauthFetch } from './oauth-fetch.js';


/** A connected SDK client and what it runs over. */
export interface OpenedMcpClient {
  readonly client: Client;
  readonly kind: McpTransportKind;
}

/** What {@link openMcpClient} needs besides the server's entry. */
export interface OpenMcpClientOptions {
  /** The server's name in the `mcpServers` map (for error messages). */
  readonly serverName: string;
  readonly clientInfo: { readonly name: string; readonly version: string };
  readonly connectTimeoutMs: number;
  /** The largest message a stdio server may send. */
  readonly maxBufferBytes: number;
  /** Told each chunk a stdio server writes to stderr (kept for error messages). */
  readonly onStderr: (chunk: string) => void;
  /** What the server may ask of the host (elicitation, sampling, roots). */
  readonly host: McpClientHost;
  /** Set on the client before it connects, so no early message is missed. */
  readonly prepare: (client: Client) => void;
  /** Where tokens are stored and how a person is asked to sign in (for entries with `oauth`). */
  readonly oauth: McpOAuthSettings;
  /** Aborted when the connection closes (gives up a sign-in still awaited). */
  readonly signal: AbortSignal;
}

/**
 * Connect an SDK `Client` to one configured server: spawn a stdio child, or Streamable
 * HTTP with a fallback to SSE only when the server rejects Streamable HTTP with a 4xx other
 * than 401 and 403. Those mean the server needs authorization: with the entry's `oauth`,
 * toolcell authorizes and sends the request again (see `oauthFetch`); otherwise, or when
 * that fails, they fail with `MCP_UNAUTHORIZED`, the status and the server's
 * `WWW-Authenticate` hint.
 */
export async function openMcpClient(config: McpServerConfig, options: OpenMcpClientOptions): Promise<OpenedMcpClient> {
  if (isStdioServerConfig(config)) {
    const transport = new StdioClientTransport({ command: config.command, args: [...(config.args ?? [])], env: childEnv(config), cwd: config.cwd, stderr: 'pipe', maxBufferSize: options.maxBufferBytes });
    transport.stderr?.on('data', (chunk: Buffer) => options.onStderr(chunk.toString('utf8')));
    return { client: await connect(transport, options), kind: 'stdio' };
  }
  const url = new URL(config.url);
  const requestInit = { headers: { ...config.headers } };
  let challenge: string | undefined;
  // The SDK's error has the status but not the headers: keep the hint of a refusal.
  const recordingFetch: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    if (response.status === 401 || response.status === 403) challenge = response.headers.get('www-authenticate') ?? undefined;
    return response;
  };
  let httpFetch = recordingFetch;
  let connectTimeoutMs = options.connectTimeoutMs;
  if (config.oauth !== undefined) {
    const providers = mcpOAuthProviders({ serverName: options.serverName, serverUrl: url, config: config.oauth, settings: options.oauth, clientName: options.clientInfo.name, signal: options.signal });
    httpFetch = oauthFetch({ serverName: options.serverName, serverUrl: url, provider: providers.provider, interactive: providers.interactive, fetch: recordingFetch });
    // The initialize request may wait for a person to sign in.
    if (providers.interactive !== undefined && options.oauth.authorize !== undefined) connectTimeoutMs += options.oauth.authorizationTimeoutMs;
  }
  const connectOptions = { ...options, connectTimeoutMs };
  try {
    return { client: await connect(new StreamableHTTPClientTransport(url, { requestInit, fetch: httpFetch }), connectOptions), kind: 'streamable-http' };
  } catch (error) {
    if (McpCallError.isInstance(error)) throw error;
    const status = error instanceof StreamableHTTPError ? error.code : undefined;
    if (status === 401 || status === 403) throw unauthorized({ serverName: options.serverName, url, status, challenge, oauth: config.oauth !== undefined, cause: error });
    if (status === undefined || status < 400 || status >= 500) throw error;
    return { client: await connect(new SSEClientTransport(url, { requestInit, fetch: httpFetch }), connectOptions), kind: 'sse' };
  }
}

function unauthorized(options: { readonly serverName: string; readonly url: URL; readonly status: number; readonly challenge: string | undefined; readonly oauth: boolean; readonly cause: unknown }): McpCallError {
  const answered = `${options.url.href} answered ${options.status} ${options.status === 401 ? 'Unauthorized' : 'Forbidden'}`;
  const hint = options.challenge === undefined ? '' : ` (WWW-Authenticate: ${options.challenge.slice(0, 300)})`;
  const next = options.oauth
    ? 'it refused the token toolcell obtained with the entry\'s oauth settings; check the client and scopes they name'
    : options.status === 401
      ? 'give it a token in the entry\'s headers ("Authorization": "Bearer …") or sign in with OAuth ("oauth": {})'
      : 'the credentials in the entry\'s headers are not enough for it; use ones it accepts';
  return new McpCallError({ mcpCode: 'MCP_UNAUTHORIZED', serverName: options.serverName, message: `needs authorization: ${answered}${hint}; ${next}.`, cause: options.cause });
}

async function connect(transport: Transport, options: OpenMcpClientOptions): Promise<Client> {
  const client = new Client({ name: options.clientInfo.name, version: options.clientInfo.version }, { capabilities: clientCapabilities(options.host) });
  serveClientHost(client, options.serverName, options.host);
  options.prepare(client);
  try {
    await client.connect(transport, { timeout: options.connectTimeoutMs });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}

/**
 * The child sees `PATH` and what its entry names, nothing else of the host's environment:
 * the SDK would add HOME, USER and friends, so those are unset unless named.
 */
function childEnv(config: McpStdioServerConfig): Record<string, string> {
  const env: Record<string, string | undefined> = Object.fromEntries(DEFAULT_INHERITED_ENV_VARS.map((key) => [key, undefined]));
  if (process.env.PATH !== undefined) env.PATH = process.env.PATH;
  Object.assign(env, config.env);
  // Node's spawn skips undefined values; the SDK's type only admits strings.
  return env as Record<string, string>;
}
