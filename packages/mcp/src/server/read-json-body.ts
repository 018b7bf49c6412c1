import type { IncomingMessage } from 'node:http';

/** The largest request body read (what the MCP SDK's transport accepts too). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** A request body read as JSON: the value, or why there is none. */
export type JsonBody = { readonly type: 'json'; readonly value: unknown } | { readonly type: 'invalid' } | { readonly type: 'too-large' };

/**
 * Read a request's body and parse it as JSON. Past {@link MAX_BODY_BYTES} the rest is
 * drained unread (so the refusal can still be written) and the body is `too-large`.
 */
export function readJsonBody(request: IncomingMessage): Promise<JsonBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else chunks.length = 0;
    });
    request.once('error', reject);
    request.once('end', () => {
      if (size > MAX_BODY_BYTES) return resolve({ type: 'too-large' });
      try {
        resolve({ type: 'json', value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      } catch {
        resolve({ type: 'invalid' });
      }
    });
  });
}
