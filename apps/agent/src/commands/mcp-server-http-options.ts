import { ConfigurationError } from '@toolcell/core';
import type { StreamableHttpOptions } from '@toolcell/mcp';
import type { CommandLine } from '../cli/command-line.js';
import { stringOption } from '../cli/command-line.js';

/** The options of `toolcell mcp-server` that only apply to Streamable HTTP. */
const HTTP_ONLY = ['token', 'max-sessions', 'session-idle-ms', 'allowed-origins'] as const;

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigurationError({ setting: '--http', message: `${JSON.stringify(value)} is not a port; use a whole number from 0 (any free port) to 65535.` });
  }
  return port;
}

function parseCount(value: string, setting: string, what: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new ConfigurationError({ setting, message: `${JSON.stringify(value)} is not ${what}; use a whole number of 1 or more.` });
  }
  return Number(value);
}

function parseOrigins(value: string): string[] {
  return value.split(',').map((item) => {
    const origin = item.trim();
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new ConfigurationError({
        setting: '--allowed-origins',
        message: `${JSON.stringify(origin)} is not an origin; give scheme://host[:port] without a path, several separated by commas (e.g. https://app.example.com).`,
      });
    }
    return origin;
  });
}

/**
 * `--http PORT` and the options that go with it, as `serveStreamableHttp` options;
 * `undefined` for stdio. Throws `ConfigurationError` for a bad value, or for an HTTP-only
 * option given without `--http`.
 */
export function mcpServerHttpOptions(line: CommandLine): StreamableHttpOptions | undefined {
  const http = stringOption(line, 'http');
  if (http === undefined) {
    const stray = HTTP_ONLY.find((name) => stringOption(line, name) !== undefined);
    if (stray !== undefined) throw new ConfigurationError({ setting: `--${stray}`, message: 'only applies with --http PORT.' });
    return undefined;
  }
  const token = stringOption(line, 'token');
  const maxSessions = stringOption(line, 'max-sessions');
  const sessionIdleMs = stringOption(line, 'session-idle-ms');
  const allowedOrigins = stringOption(line, 'allowed-origins');
  return {
    port: parsePort(http),
    ...(token === undefined ? {} : { token }),
    ...(maxSessions === undefined ? {} : { maxSessions: parseCount(maxSessions, '--max-sessions', 'a number of sessions') }),
    ...(sessionIdleMs === undefined ? {} : { sessionIdleMs: parseCount(sessionIdleMs, '--session-idle-ms', 'a time in milliseconds') }),
    ...(allowedOrigins === undefined ? {} : { allowedOrigins: parseOrigins(allowedOrigins) }),
  };
}
