// A tiny HTTP server on 127.0.0.1 (random port) that answers an SDK client with recorded
// fixtures and keeps every request it received. No traffic leaves the machine.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received, body parsed as JSON. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

/** What to answer: one JSON body, or a server-sent-event stream. */
export type LoopbackReply =
  | { readonly type: 'json'; readonly body: unknown }
  | { readonly type: 'sse'; readonly events: readonly { readonly event?: string; readonly data: unknown }[]; readonly done?: boolean };

/** A running loopback server. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Start a server answering each request with `reply(request, index)`. */
export async function startLoopbackServer(
  reply: (request: RecordedRequest, index: number) => LoopbackReply,
): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const body: Buffer[] = [];
    incoming.on('data', (piece: Buffer) => body.push(piece));
    incoming.on('end', () => {
      const text = Buffer.concat(body).toString('utf8');
      const request = { method: incoming.method ?? '', path: incoming.url ?? '', body: text === '' ? undefined : (JSON.parse(text) as unknown) };
      requests.push(request);
      const answer = reply(request, requests.length - 1);
      if (answer.type === 'json') {
        outgoing.writeHead(200, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify(answer.body));
        return;
      }
      outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const { event, data } of answer.events) {
        outgoing.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`);
      }
      if (answer.done) outgoing.write('data: [DONE]\n\n');
      outgoing.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
