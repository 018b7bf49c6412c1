import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const PAGE = (text: string) => `<!doctype html><meta charset="utf-8"><title>toolcell</title><p>${text}</p>\n`;

/**
 * The loopback end of an OAuth redirect (RFC 8252): `http://127.0.0.1:<port>/callback` on
 * 127.0.0.1 only, for one authorization. The browser lands here with `code` and `state`;
 * an answer whose `state` is not the one sent is refused and the wait goes on.
 */
export class LoopbackRedirect {
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** Listen on `port` (0: any free port); a busy `preferredPort` falls back to any free port unless `required`. */
  static async open(port: number, required: boolean): Promise<LoopbackRedirect> {
    const server = createServer();
    try {
      await listen(server, port);
    } catch (error) {
      if (required || port === 0) throw error;
      await listen(server, 0);
    }
    const address = server.address() as AddressInfo;
    return new LoopbackRedirect(server, `http://127.0.0.1:${address.port}/callback`);
  }

  /** The authorization code of the redirect carrying `state`; rejects with the server's error, or when `signal` aborts. */
  waitForCode(state: string, signal: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.server.off('request', onRequest);
        reject(signal.reason);
      };
      const onRequest = (request: IncomingMessage, response: ServerResponse) => {
        const url = new URL(request.url ?? '/', this.url);
        if (url.pathname !== '/callback' || url.searchParams.get('state') !== state) {
          response.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE('This is not the sign-in toolcell is waiting for.'));
          return;
        }
        this.server.off('request', onRequest);
        signal.removeEventListener('abort', onAbort);
        const code = url.searchParams.get('code');
        if (code === null) {
          const error = url.searchParams.get('error') ?? 'no code';
          const description = url.searchParams.get('error_description');
          response.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE('Sign-in failed; see toolcell for details.'));
          reject(new Error(`the authorization server answered ${error}${description === null ? '' : `: ${description}`}`));
          return;
        }
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE('Signed in. You can close this tab and return to toolcell.'));
        resolve(code);
      };
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      this.server.on('request', onRequest);
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
