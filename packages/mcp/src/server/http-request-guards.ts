import { timingSafeEqual } from 'node:crypto';

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a request's `Origin` may reach the server (the Streamable HTTP transport spec
 * says servers must check it, against DNS rebinding). No `Origin` (a client that is not a
 * browser) passes; so do `http(s)://localhost`, `127.0.0.1` and `[::1]` on any port, and
 * the origins in `allowed` (as {@link normalizeOrigin} gives them). Anything else, `null`
 * included, does not.
 */
export function originAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.has(url.origin)) return true;
  return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTNAMES.has(url.hostname);
}

/** `origin` as a browser sends it (`scheme://host[:port]`); `undefined` when it is not one. */
export function normalizeOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether an `Authorization` header carries `token` with the Bearer scheme. The scheme is
 * matched case-insensitively (RFC 7235 §2.1); the token is compared in constant time.
 */
export function bearerMatches(header: string | undefined, token: Buffer): boolean {
  const match = /^(\S+)[ \t]+(.*)$/.exec(header ?? '');
  if (!match || match[1]!.toLowerCase() !== 'bearer') return false;
  const given = Buffer.from(match[2]!.trim());
  return given.length === token.length && timingSafeEqual(given, token);
}
