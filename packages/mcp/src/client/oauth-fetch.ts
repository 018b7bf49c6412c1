import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { auth, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { errorMessage } from '@toolcell/core';
import { McpCallError } from './mcp-call-error.js';
import type { StoredOAuthProvider } from './stored-oauth-provider.js';

/** What {@link oauthFetch} needs. */
export interface OAuthFetchOptions {
  readonly serverName: string;
  readonly serverUrl: URL;
  /** The SDK provider; a {@link StoredOAuthProvider} when a person may be asked to sign in. */
  readonly provider: OAuthClientProvider;
  readonly interactive: StoredOAuthProvider | undefined;
  readonly fetch: FetchLike;
}

/**
 * A `fetch` for the SDK's transports that sends the server's access token and, when the
 * server answers 401 (or 403 `insufficient_scope`), authorizes with the SDK's `auth()` and
 * sends the request again — at connect time and in the middle of a session alike. A
 * sign-in that needs a person waits for the browser's redirect to the loopback address.
 * One authorization runs at a time; a request is authorized at most once, and the same
 * `insufficient_scope` challenge is not answered twice in a row, so a server that keeps
 * refusing ends the loop (its response reaches the transport, which reports it).
 */
export function oauthFetch(options: OAuthFetchOptions): FetchLike {
  let authorizing: Promise<void> = Promise.resolve();
  let lastUpscopeChallenge: string | undefined;

  const send = async (input: string | URL, init: RequestInit | undefined): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const tokens = await options.provider.tokens();
    if (tokens) headers.set('Authorization', `Bearer ${tokens.access_token}`);
    return options.fetch(input, { ...init, headers });
  };

  const authorize = (response: Response): Promise<void> => {
    const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
    const run = authorizing.then(() => authorizeOnce(options, resourceMetadataUrl, scope));
    authorizing = run.catch(() => undefined);
    return run;
  };

  return async (input, init) => {
    await authorizing;
    const response = await send(input, init);
    const challenge = response.headers.get('www-authenticate') ?? undefined;
    const insufficientScope = response.status === 403 && extractWWWAuthenticateParams(response).error === 'insufficient_scope';
    if (response.status !== 401 && !insufficientScope) {
      if (response.ok) lastUpscopeChallenge = undefined;
      return response;
    }
    if (insufficientScope) {
      if (challenge === lastUpscopeChallenge) return response;
      lastUpscopeChallenge = challenge;
    }
    await response.body?.cancel().catch(() => undefined);
    await authorize(response);
    return send(input, init);
  };
}

async function authorizeOnce(options: OAuthFetchOptions, resourceMetadataUrl: URL | undefined, scope: string | undefined): Promise<void> {
  const { provider, interactive, serverName, serverUrl } = options;
  const fetchFn = options.fetch;
  try {
    await interactive?.begin();
    let result = await auth(provider, { serverUrl, resourceMetadataUrl, scope, fetchFn });
    if (result === 'REDIRECT' && interactive) {
      const authorizationCode = await interactive.authorizationCode();
      result = await auth(provider, { serverUrl, resourceMetadataUrl, scope, authorizationCode, fetchFn });
    }
    if (result !== 'AUTHORIZED') throw new Error('the authorization server gave no token');
  } catch (error) {
    if (McpCallError.isInstance(error)) throw error;
    throw new McpCallError({ mcpCode: 'MCP_UNAUTHORIZED', serverName, message: `authorization failed: ${errorMessage(error)}`, cause: error });
  } finally {
    await interactive?.end();
  }
}
