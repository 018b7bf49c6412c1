import { ConfigurationError } from '@toolcell/core';

/**
 * OAuth for a remote server (an HTTP entry's `oauth`). Two ways to get a token:
 * - `grant: "authorization_code"` (the default), for a person at a terminal: toolcell opens
 *   the authorization server's sign-in page and receives the answer on a loopback redirect
 *   (`http://127.0.0.1:<port>/callback`). Without `clientId` it registers itself (dynamic
 *   client registration) or, where the server accepts it, uses `clientMetadataUrl` as its
 *   client id. Tokens and the registration are stored (see `connectMcpServers`'
 *   `oauthDirectory`), refreshed when they expire, and reused by later runs.
 * - `grant: "client_credentials"`, for automation: a client registered in advance
 *   (`clientId` with `clientSecret`, or with `privateKeyFile` for `private_key_jwt`); no
 *   person and no browser. The token is kept in memory and fetched again by each run.
 *
 * A fixed token needs no `oauth`: put it in the entry's `headers`.
 */
export interface McpOAuthConfig {
  /** `authorization_code` (default) or `client_credentials`. */
  readonly grant?: 'authorization_code' | 'client_credentials';
  /** A client registered with the authorization server in advance. */
  readonly clientId?: string;
  /** The pre-registered client's secret (sent as HTTP Basic or in the body, as the server says). */
  readonly clientSecret?: string;
  /** With `client_credentials`: a PEM private key file to sign `private_key_jwt` assertions with. */
  readonly privateKeyFile?: string;
  /** The key's JWS algorithm (default `RS256`), e.g. `ES256`. */
  readonly signingAlgorithm?: string;
  /**
   * The authorization server the pre-registered client belongs to: its credentials are
   * presented to no other. Strongly advised with `clientId`.
   */
  readonly issuer?: string;
  /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
  readonly scope?: string;
  /** An HTTPS URL of this client's metadata document, used as client id where the server supports it. */
  readonly clientMetadataUrl?: string;
  /** The loopback redirect's port (default: the port of the stored registration, else any free port). */
  readonly redirectPort?: number;
}

const GRANTS = ['authorization_code', 'client_credentials'];
const KEYS = new Set(['grant', 'clientId', 'clientSecret', 'privateKeyFile', 'signingAlgorithm', 'issuer', 'scope', 'clientMetadataUrl', 'redirectPort']);

/** Check an entry's `oauth` read from JSON; throws `ConfigurationError` naming the bad setting. */
export function checkOAuthConfig(value: unknown, setting: string): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigurationError({ setting, message: 'expected an object such as {} (sign in at a terminal) or { "grant": "client_credentials", "clientId": …, "clientSecret": … }.' });
  }
  const entry = value as Record<string, unknown>;
  const unknown = Object.keys(entry).find((key) => !KEYS.has(key));
  if (unknown !== undefined) throw new ConfigurationError({ setting: `${setting}.${unknown}`, message: `is not an OAuth setting; use ${[...KEYS].join(', ')}.` });
  for (const key of ['clientId', 'clientSecret', 'privateKeyFile', 'signingAlgorithm', 'issuer', 'scope', 'clientMetadataUrl']) {
    if (entry[key] !== undefined && (typeof entry[key] !== 'string' || entry[key] === '')) {
      throw new ConfigurationError({ setting: `${setting}.${key}`, message: 'expected a non-empty string.' });
    }
  }
  if (entry.grant !== undefined && !GRANTS.includes(entry.grant as string)) {
    throw new ConfigurationError({ setting: `${setting}.grant`, message: `expected ${GRANTS.map((grant) => `"${grant}"`).join(' or ')}.` });
  }
  const port = entry.redirectPort;
  if (port !== undefined && !(Number.isInteger(port) && (port as number) >= 1 && (port as number) <= 65535)) {
    throw new ConfigurationError({ setting: `${setting}.redirectPort`, message: 'expected a port from 1 to 65535.' });
  }
  for (const key of ['issuer', 'clientMetadataUrl']) {
    if (typeof entry[key] === 'string' && !URL.canParse(entry[key])) throw new ConfigurationError({ setting: `${setting}.${key}`, message: `not a URL: ${entry[key]}.` });
  }
  if (entry.grant === 'client_credentials') {
    if (entry.clientId === undefined) throw new ConfigurationError({ setting: `${setting}.clientId`, message: 'client_credentials needs the pre-registered client\'s clientId.' });
    if ((entry.clientSecret === undefined) === (entry.privateKeyFile === undefined)) {
      throw new ConfigurationError({ setting, message: 'client_credentials needs exactly one of clientSecret or privateKeyFile.' });
    }
  } else if (entry.privateKeyFile !== undefined) {
    throw new ConfigurationError({ setting: `${setting}.privateKeyFile`, message: 'only applies with "grant": "client_credentials".' });
  }
  if (entry.clientSecret !== undefined && entry.clientId === undefined) {
    throw new ConfigurationError({ setting: `${setting}.clientSecret`, message: 'needs the clientId it belongs to.' });
  }
}
