// A loopback server for each test that wants one, closed when the test ends.
import { afterEach } from 'vitest';
import { readJsonFixture } from './fixtures.js';
import { startLoopbackServer } from './loopback-server.js';
import type { LoopbackReply, LoopbackServer } from './loopback-server.js';

/** Call at the top of a test file; in a test, `answering(replies)` starts a server answering the n-th request with `replies[n]`. */
export function loopbackServerPerTest(): { answering(replies: readonly LoopbackReply[]): Promise<LoopbackServer> } {
  let server: LoopbackServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    async answering(replies) {
      server = await startLoopbackServer((_request, index) => replies[index] ?? { type: 'json', body: {} });
      return server;
    },
  };
}

/** The JSON body of the `index`-th request the server received. */
export function requestBody(server: LoopbackServer, index: number): Record<string, unknown> {
  return server.requests[index]?.body as Record<string, unknown>;
}

/** Replies with these recorded JSON bodies, in order. */
export function recordedReplies(...fixtures: readonly URL[]): LoopbackReply[] {
  return fixtures.map((url) => ({ type: 'json', body: readJsonFixture(url) }));
}

/** Recorded stream chunks as server-sent events, each named after its `type` or not, ended by `[DONE]` or not. */
export function serverSentEvents(chunks: readonly unknown[], options: { readonly eventNames: boolean; readonly done: boolean }): LoopbackReply {
  const events = chunks.map((data) => (options.eventNames ? { event: (data as { type: string }).type, data } : { data }));
  return { type: 'sse', events, done: options.done };
}
