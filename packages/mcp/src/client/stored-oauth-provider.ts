import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { LoopbackRedirect } from './loopback-redirect.js';
import { McpCallError } from './mcp-call-error.js';
import type { McpOAuthConfig } from './mcp-oauth-config.js';
import type { OAuthTokenStore } from './oauth-token-store.js';

/** A person is asked to sign in: open `url` in their browser (or tell them to). */
export interface McpAuthorizationRequest {
  /** The server that needs authorization (its name in the `mcpServers` map). */
  readonly serverName: string;
  /** The authorization server's sign-in page; it redirects to toolcell's loopback address. */
  readonly url: string;
  /** Aborted when the sign-in is no longer awaited (it took too long, or the connection closed). */
  readonly signal: AbortSignal;
}

/** What {@link StoredOAuthProvider} needs besides the entry's `oauth`. */
export interface StoredOAuthProviderOptions {
  readonly serverName: string;
  readonly config: McpOAuthConfig;
  readonly store: OAuthTokenStore;
  readonly clientName: string;
  /** Opens the sign-in page; without it, a sign-in that needs a person fails with `MCP_UNAUTHORIZED`. */
  readonly authorize: ((request: McpAuthorizationRequest) => void | Promise<void>) | undefined;
  /** How long a person has to sign in. */
  readonly authorizationTimeoutMs: number;
  /** Aborted when the connection closes: a sign-in still awaited is given up. */
  readonly signal: AbortSignal;
}

/**
 * The SDK's `OAuthClientProvider` for the authorization code flow of one server: the
 * registration, tokens and discovery results are kept in an {@link OAuthTokenStore}; the
 * code verifier and state live in memory for the one authorization they belong to. Call
 * `begin()` before the SDK's `auth()` (it opens the loopback redirect) and `end()` after.
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  // Absent rather than undefined: the SDK's interface declares it optional (exactOptionalPropertyTypes in consumers).
  readonly clientMetadataUrl?: string;
  private loopback: LoopbackRedirect | undefined;
  private verifier: string | undefined;
  private expectedState: string | undefined;
  private pendingCode: Promise<string> | undefined;

  constructor(private readonly options: StoredOAuthProviderOptions) {
    if (options.config.clientMetadataUrl !== undefined) this.clientMetadataUrl = options.config.clientMetadataUrl;
    // A registration of toolcell's own is saved; a pre-registered client's comes from the configuration.
    if (options.config.clientId === undefined) this.saveClientInformation = (clientInformation) => this.options.store.update({ clientInformation });
  }

  /** Open the loopback redirect (on the port of the stored registration when there is one). */
  async begin(): Promise<void> {
    if (this.loopback) return;
    const configured = this.options.config.redirectPort;
    const storedPort = this.storedRedirectPort();
    this.loopback = await LoopbackRedirect.open(configured ?? storedPort ?? 0, configured !== undefined);
  }

  /** Close the loopback redirect and forget the authorization's verifier and state. */
  async end(): Promise<void> {
    const loopback = this.loopback;
    this.loopback = undefined;
    this.verifier = undefined;
    this.expectedState = undefined;
    this.pendingCode = undefined;
    await loopback?.close();
  }

  /** The code the browser brought back, once `redirectToAuthorization` has sent the person to sign in. */
  authorizationCode(): Promise<string> {
    if (!this.pendingCode) return Promise.reject(new Error('no sign-in is in progress'));
    return this.pendingCode;
  }

  get redirectUrl(): string | undefined {
    return this.loopback?.url;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName,
      redirect_uris: this.loopback === undefined ? [] : [this.loopback.url],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.options.config.scope === undefined ? {} : { scope: this.options.config.scope }),
    };
  }

  state(): string {
    this.expectedState = randomBytes(16).toString('base64url');
    return this.expectedState;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const { clientId, clientSecret, issuer } = this.options.config;
    if (clientId !== undefined) return { client_id: clientId, ...(clientSecret === undefined ? {} : { client_secret: clientSecret }), ...(issuer === undefined ? {} : { issuer }) };
    const stored = this.options.store.read().clientInformation;
    // A registration for another redirect address is of no use: register again.
    if (stored && 'redirect_uris' in stored && this.loopback && !stored.redirect_uris.includes(this.loopback.url)) return undefined;
    return stored;
  }

  /** Absent for a client registered in advance (the SDK registers only a provider that can save). */
  readonly saveClientInformation?: (clientInformation: OAuthClientInformationMixed) => void;

  tokens(): OAuthTokens | undefined {
    return this.options.store.read().tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.options.store.update({ tokens });
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.options.store.read().discoveryState;
  }

  saveDiscoveryState(discoveryState: OAuthDiscoveryState): void {
    this.options.store.update({ discoveryState });
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'verifier') {
      this.verifier = undefined;
      return;
    }
    const cleared = {
      ...(scope === 'all' || scope === 'client' ? { clientInformation: undefined } : {}),
      ...(scope === 'all' || scope === 'tokens' ? { tokens: undefined } : {}),
      ...(scope === 'all' || scope === 'discovery' ? { discoveryState: undefined } : {}),
    };
    this.options.store.update(cleared);
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no sign-in is in progress');
    return this.verifier;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const { authorize, serverName, authorizationTimeoutMs } = this.options;
    if (authorize === undefined || !this.loopback) {
      throw new McpCallError({
        mcpCode: 'MCP_UNAUTHORIZED',
        serverName,
        message:
          'needs a person to sign in, and nobody can be asked here. Run toolcell once at a terminal to sign in (the tokens are stored for later runs), ' +
          'or configure a pre-registered client for automation ("oauth": { "grant": "client_credentials", "clientId": …, "clientSecret": … }).',
      });
    }
    const state = authorizationUrl.searchParams.get('state') ?? this.expectedState ?? '';
    const signal = AbortSignal.any([this.options.signal, AbortSignal.timeout(authorizationTimeoutMs)]);
    const code = this.loopback.waitForCode(state, signal).catch((error: unknown) => {
      const timedOut = signal.aborted && !this.options.signal.aborted && error === signal.reason;
      const reason = timedOut ? `nobody completed the sign-in within ${authorizationTimeoutMs / 1000} s` : this.options.signal.aborted ? 'the connection closed' : (error as Error).message;
      throw new McpCallError({ mcpCode: 'MCP_UNAUTHORIZED', serverName, message: `sign-in failed: ${reason}.`, cause: error });
    });
    // Handled where it is awaited; this keeps an early rejection from being unhandled.
    code.catch(() => undefined);
    this.pendingCode = code;
    await authorize({ serverName, url: authorizationUrl.href, signal });
  }

  private storedRedirectPort(): number | undefined {
    const stored = this.options.store.read().clientInformation;
    const uri = stored && 'redirect_uris' in stored ? stored.redirect_uris[0] : undefined;
    if (uri === undefined || !URL.canParse(uri)) return undefined;
    const url = new URL(uri);
    return url.hostname === '127.0.0.1' && url.port !== '' ? Number(url.port) : undefined;
  }
}
