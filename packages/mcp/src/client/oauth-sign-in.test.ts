// OAuth against a real authorization server on 127.0.0.1: the SDK's own server pieces
// (mcpAuthRouter with its in-memory demo provider, requireBearerAuth in front of an MCP
// endpoint). The person signing in is a fetch that follows the sign-in page's redirect.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectMcpServers } from './connect-mcp-servers.js';
import type { ConnectMcpServersOptions } from './connect-mcp-servers.js';
import type { McpAuthorizationRequest } from './stored-oauth-provider.js';

type HandledRequest = Parameters<StreamableHTTPServerTransport['handleRequest']>[0];
type HandledResponse = Parameters<StreamableHTTPServerTransport['handleRequest']>[1];

/** An MCP server whose one tool says which OAuth client called it, behind bearer auth, and its authorization server. */
async function startProtectedServer(): Promise<{ url: string; authorizations: () => number; close: () => Promise<void> }> {
  const provider = new DemoInMemoryAuthProvider();
  let authorizations = 0;
  const app = createMcpExpressApp({ host: '127.0.0.1' });
  const http = await new Promise<HttpServer>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
  });
  const base = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
  const mcpUrl = new URL('/mcp', base);
  app.use('/authorize', (_request: unknown, _response: unknown, next: () => void) => {
    authorizations += 1;
    next();
  });
  app.use(mcpAuthRouter({ provider, issuerUrl: base, resourceServerUrl: mcpUrl, scopesSupported: ['mcp:tools'] }));
  const bearer = requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl) });
  app.post('/mcp', bearer, async (request: HandledRequest & { body?: unknown }, response: HandledResponse) => {
    const server = new McpServer({ name: 'protected', version: '1' });
    server.registerTool('whoami', { description: 'Which OAuth client is calling.' }, (extra) => ({ content: [{ type: 'text', text: `client ${extra.authInfo?.clientId ?? 'none'}` }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(request, response, request.body);
  });
  app.get('/mcp', bearer, (_request: unknown, response: { status: (code: number) => { end: () => void } }) => response.status(405).end());
  return {
    url: mcpUrl.href,
    authorizations: () => authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** The person's browser: opens the sign-in page and follows its redirect to toolcell's loopback address. */
const browser = async (request: McpAuthorizationRequest): Promise<void> => {
  const response = await fetch(request.url);
  await response.body?.cancel();
};

describe('OAuth for a remote server (oauth in its entry)', () => {
  let server: Awaited<ReturnType<typeof startProtectedServer>>;
  let oauthDirectory: string;
  const handles: { close(): Promise<void> }[] = [];

  async function connect(options: Partial<ConnectMcpServersOptions>) {
    const registry = new ToolRegistry();
    const handle = await connectMcpServers({ remote: { url: server.url, oauth: {} } }, { registry, oauthDirectory, ...options });
    handles.push(handle);
    return { registry, handle };
  }

  beforeAll(async () => {
    server = await startProtectedServer();
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((handle) => handle.close()));
    rmSync(oauthDirectory, { recursive: true, force: true });
  });
  beforeEach(() => {
    oauthDirectory = join(mkdtempSync(join(tmpdir(), 'toolcell-oauth-')), 'oauth');
  });

  it('asks a person to sign in once, stores the tokens 0600 in a 0700 directory, and a later run uses them without asking', async () => {
    const asked: string[] = [];
    const { registry, handle } = await connect({
      authorize: async (request) => {
        asked.push(request.serverName);
        // A redirect that carries another state is not the one awaited: refused, and the wait goes on.
        const redirect = new URL(new URL(request.url).searchParams.get('redirect_uri')!);
        expect(redirect.hostname).toBe('127.0.0.1');
        const stray = await fetch(`${redirect.href}?code=forged&state=wrong`);
        expect(stray.status).toBe(400);
        await stray.body?.cancel();
        await browser(request);
      },
    });
    expect(handle.status()).toMatchObject([{ name: 'remote', state: 'ready', toolCount: 1 }]);
    expect(asked).toEqual(['remote']);
    const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'approve' }) } });
    const outcome = await runtime.dispatch({ name: 'mcp__remote__whoami', args: {}, callId: 'call_1', scope: registry.root });
    expect(outcome).toMatchObject({ status: 'ok', output: { wire: { content: [{ type: 'text', text: expect.stringMatching(/^client \S+$/) }] } } });

    const file = join(oauthDirectory, 'remote.json');
    expect(statSync(oauthDirectory).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { serverUrl: string; tokens: { access_token: string }; clientInformation: { client_id: string } };
    expect(stored).toMatchObject({ serverUrl: server.url, tokens: { access_token: expect.any(String) }, clientInformation: { client_id: expect.any(String) } });
    // The server saw the token of the client toolcell registered.
    expect(outcome).toMatchObject({ output: { wire: { content: [{ text: `client ${stored.clientInformation.client_id}` }] } } });

    const signIns = server.authorizations();
    const later = await connect({ authorize: () => Promise.reject(new Error('must not be asked')) });
    expect(later.handle.status()).toMatchObject([{ state: 'ready', toolCount: 1 }]);
    expect(server.authorizations()).toBe(signIns);
  });

  it('without a way to ask a person, fails with MCP_UNAUTHORIZED saying how to sign in', async () => {
    const { handle } = await connect({});
    const [status] = handle.status();
    expect(status).toMatchObject({ state: 'failed', toolCount: 0 });
    expect(status?.error).toBe(
      'MCP_UNAUTHORIZED: MCP server "remote": needs a person to sign in, and nobody can be asked here. Run toolcell once at a terminal to sign in (the tokens are stored for later runs), ' +
        'or configure a pre-registered client for automation ("oauth": { "grant": "client_credentials", "clientId": …, "clientSecret": … }).',
    );
  });

  it('a sign-in nobody completes fails with MCP_UNAUTHORIZED after authorizationTimeoutMs', async () => {
    const { handle } = await connect({ authorize: () => undefined, authorizationTimeoutMs: 200 });
    expect(handle.status()[0]?.error).toBe('MCP_UNAUTHORIZED: MCP server "remote": sign-in failed: nobody completed the sign-in within 0.2 s.');
  });

  it('a person who declines: the authorization server\'s error is reported', async () => {
    const { handle } = await connect({
      authorize: async (request) => {
        const authorization = new URL(request.url);
        const redirect = new URL(authorization.searchParams.get('redirect_uri')!);
        redirect.search = new URLSearchParams({ error: 'access_denied', error_description: 'the user said no', state: authorization.searchParams.get('state')! }).toString();
        const answer = await fetch(redirect);
        expect(answer.status).toBe(400);
        await answer.body?.cancel();
      },
    });
    expect(handle.status()[0]?.error).toBe('MCP_UNAUTHORIZED: MCP server "remote": sign-in failed: the authorization server answered access_denied: the user said no.');
  });

  it('client_credentials with a key file that cannot be read fails naming the setting', async () => {
    const registry = new ToolRegistry();
    const handle = await connectMcpServers(
      { remote: { url: server.url, oauth: { grant: 'client_credentials', clientId: 'ci', privateKeyFile: join(oauthDirectory, 'missing.pem') } } },
      { registry, oauthDirectory },
    );
    handles.push(handle);
    expect(handle.status()[0]).toMatchObject({ state: 'failed', error: expect.stringContaining(`mcpServers.remote.oauth.privateKeyFile: cannot read ${join(oauthDirectory, 'missing.pem')}`) });
  });

  it('a stored file for another URL is not used: the person is asked again', async () => {
    await connect({ authorize: browser });
    const file = join(oauthDirectory, 'remote.json');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { serverUrl: string };
    expect(stored.serverUrl).toBe(server.url);
    const registry = new ToolRegistry();
    const asked: string[] = [];
    const other = server.url.replace('/mcp', '/mcp/');
    const handle = await connectMcpServers({ remote: { url: other, oauth: {} } }, { registry, oauthDirectory, authorizationTimeoutMs: 200, authorize: (request) => void asked.push(request.url) });
    handles.push(handle);
    expect(asked).toHaveLength(1);
  });
});
