import { ConfigurationError } from '@toolcell/core';
import type { McpOAuthConfig } from './mcp-oauth-config.js';
import { checkOAuthConfig } from './mcp-oauth-config.js';

/** A server started as a child process and spoken to over stdio. */
export interface McpStdioServerConfig {
  readonly command: string;
  readonly args?: readonly string[];
  /**
   * The child's whole environment besides `PATH`: the host's other variables are not
   * passed on, so a server only sees the secrets its entry names.
   */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/** A server reached over Streamable HTTP (SSE only when the server requires it). */
export interface McpHttpServerConfig {
  readonly url: string;
  /** Sent with every request (e.g. `Authorization`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Sign in with OAuth when the server asks for it (401); see {@link McpOAuthConfig}. */
  readonly oauth?: McpOAuthConfig;
}

/** One entry of the `mcpServers` map. */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** The `mcpServers` map used by desktop MCP clients: server name → how to reach it. */
export type McpServersConfig = Readonly<Record<string, McpServerConfig>>;

const SERVER_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * Check an `mcpServers` map read from JSON. Throws `ConfigurationError` naming the bad
 * setting; returns the map typed.
 */
export function parseMcpServersConfig(value: unknown, setting = 'mcpServers'): McpServersConfig {
  if (!isRecord(value)) throw new ConfigurationError({ setting, message: 'expected an object mapping server names to { command } or { url }.' });
  for (const [name, entry] of Object.entries(value)) {
    const at = `${setting}.${name}`;
    if (!SERVER_NAME.test(name)) throw new ConfigurationError({ setting: at, message: 'a server name may use only letters, digits, "_" and "-".' });
    if (!isRecord(entry)) throw new ConfigurationError({ setting: at, message: 'expected { command, args?, env?, cwd? } or { url, headers?, oauth? }.' });
    if ('command' in entry === 'url' in entry) throw new ConfigurationError({ setting: at, message: 'give exactly one of "command" (stdio) or "url" (HTTP).' });
    if ('command' in entry) {
      checkString(entry.command, `${at}.command`);
      if (entry.args !== undefined && !(Array.isArray(entry.args) && entry.args.every((arg) => typeof arg === 'string'))) {
        throw new ConfigurationError({ setting: `${at}.args`, message: 'expected an array of strings.' });
      }
      checkStringMap(entry.env, `${at}.env`);
      if (entry.cwd !== undefined) checkString(entry.cwd, `${at}.cwd`);
    } else {
      checkString(entry.url, `${at}.url`);
      if (!URL.canParse(entry.url as string)) throw new ConfigurationError({ setting: `${at}.url`, message: `not a URL: ${String(entry.url)}.` });
      checkStringMap(entry.headers, `${at}.headers`);
      if (entry.oauth !== undefined) checkOAuthConfig(entry.oauth, `${at}.oauth`);
    }
  }
  return value as McpServersConfig;
}

/** Whether an entry is a stdio server. */
export function isStdioServerConfig(config: McpServerConfig): config is McpStdioServerConfig {
  return 'command' in config;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkString(value: unknown, setting: string): void {
  if (typeof value !== 'string' || value === '') throw new ConfigurationError({ setting, message: 'expected a non-empty string.' });
}

function checkStringMap(value: unknown, setting: string): void {
  if (value === undefined) return;
  if (!isRecord(value) || !Object.values(value).every((item) => typeof item === 'string')) {
    throw new ConfigurationError({ setting, message: 'expected an object of string values.' });
  }
}
