import { readFileSync } from 'node:fs';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { ConfigurationError, errorMessage } from '@toolcell/core';
import type { McpOAuthConfig } from './mcp-oauth-config.js';
import { OAuthTokenStore } from './oauth-token-store.js';
import type { McpAuthorizationRequest } from './stored-oauth-provider.js';
import { StoredOAuthProvider } from './stored-oauth-provider.js';

/** How the host takes part in OAuth (resolved by `connectMcpServers`). */
export interface McpOAuthSettings {
  /** Where each server's tokens and registration are stored (`<directory>/<server>.json`). */
  readonly directory: string;
  readonly authorize: ((request: McpAuthorizationRequest) => void | Promise<void>) | undefined;
  readonly authorizationTimeoutMs: number;
}

/** An entry's OAuth provider, and the interactive one when a person may sign in. */
export interface McpOAuthProviders {
  readonly provider: OAuthClientProvider;
  readonly interactive: StoredOAuthProvider | undefined;
}

/**
 * The SDK provider for an entry's `oauth`: the SDK's client-credentials providers
 * (`client_secret_basic`, or `private_key_jwt` with the key file) for automation, else a
 * {@link StoredOAuthProvider} for a person signing in.
 */
export function mcpOAuthProviders(options: {
  readonly serverName: string;
  readonly serverUrl: URL;
  readonly config: McpOAuthConfig;
  readonly settings: McpOAuthSettings;
  readonly clientName: string;
  readonly signal: AbortSignal;
}): McpOAuthProviders {
  const { config, serverName } = options;
  if (config.grant === 'client_credentials') {
    const common = { clientId: config.clientId!, clientName: options.clientName, ...(config.scope === undefined ? {} : { scope: config.scope }) };
    const issuer = config.issuer === undefined ? {} : { expectedIssuer: config.issuer };
    if (config.privateKeyFile !== undefined) {
      let privateKey: string;
      try {
        privateKey = readFileSync(config.privateKeyFile, 'utf8');
      } catch (error) {
        throw new ConfigurationError({ setting: `mcpServers.${serverName}.oauth.privateKeyFile`, message: `cannot read ${config.privateKeyFile}: ${errorMessage(error)}.`, cause: error });
      }
      return { provider: new PrivateKeyJwtProvider({ ...common, ...issuer, privateKey, algorithm: config.signingAlgorithm ?? 'RS256' }), interactive: undefined };
    }
    return { provider: new ClientCredentialsProvider({ ...common, ...issuer, clientSecret: config.clientSecret! }), interactive: undefined };
  }
  const interactive = new StoredOAuthProvider({
    serverName,
    config,
    store: new OAuthTokenStore(options.settings.directory, serverName, options.serverUrl.href),
    clientName: options.clientName,
    authorize: options.settings.authorize,
    authorizationTimeoutMs: options.settings.authorizationTimeoutMs,
    signal: options.signal,
  });
  return { provider: interactive, interactive };
}
