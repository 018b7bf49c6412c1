import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** What is kept for one server: its registration, its tokens and what discovery found. */
export interface StoredOAuthState {
  /** The server's URL when this was stored: a different URL starts afresh. */
  readonly serverUrl: string;
  readonly clientInformation?: OAuthClientInformationMixed;
  readonly tokens?: OAuthTokens;
  readonly discoveryState?: OAuthDiscoveryState;
}

/**
 * Where tokens are kept unless `connectMcpServers`' `oauthDirectory` says otherwise:
 * `$XDG_CONFIG_HOME/toolcell/oauth`, else `~/.config/toolcell/oauth` (`%APPDATA%\toolcell\oauth`
 * on Windows).
 */
export function defaultOAuthDirectory(environment: NodeJS.ProcessEnv = process.env): string {
  if (environment.XDG_CONFIG_HOME) return join(environment.XDG_CONFIG_HOME, 'toolcell', 'oauth');
  if (process.platform === 'win32' && environment.APPDATA) return join(environment.APPDATA, 'toolcell', 'oauth');
  return join(homedir(), '.config', 'toolcell', 'oauth');
}

/**
 * One server's OAuth state in `<directory>/<server>.json`: the directory is made (and kept)
 * 0700, the file written 0600 through a temporary file and a rename, so it is never seen
 * half written or readable by other users. A file for another URL, or one that does not
 * parse, reads as nothing.
 */
export class OAuthTokenStore {
  readonly file: string;
  /** What the file held when first read, then what this process wrote (read on every request). */
  private cached: StoredOAuthState | undefined;

  constructor(
    private readonly directory: string,
    serverName: string,
    private readonly serverUrl: string,
  ) {
    this.file = join(directory, `${serverName}.json`);
  }

  read(): StoredOAuthState {
    this.cached ??= this.readFile();
    return this.cached;
  }

  update(change: Partial<Omit<StoredOAuthState, 'serverUrl'>>): void {
    const next: StoredOAuthState = { ...this.read(), ...change, serverUrl: this.serverUrl };
    mkdirSync(this.directory, { recursive: true, mode: 0o700 });
    chmodSync(this.directory, 0o700);
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.file);
    this.cached = next;
  }

  private readFile(): StoredOAuthState {
    try {
      const stored = JSON.parse(readFileSync(this.file, 'utf8')) as StoredOAuthState;
      if (typeof stored === 'object' && stored !== null && stored.serverUrl === this.serverUrl) return stored;
    } catch {
      // Missing or unreadable: start afresh.
    }
    return { serverUrl: this.serverUrl };
  }
}
