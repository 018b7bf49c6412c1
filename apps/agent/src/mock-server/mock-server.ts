import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Scenario } from '../scenario/scenario.js';
import { ScenarioPlayer } from '../scenario/scenario-player.js';
import type { ChatRequestBody } from './chat-completions.js';
import { chatCompletion, chatCompletionChunks } from './chat-completions.js';
import type { ResponsesRequestBody } from './responses.js';
import { responseEvents, responseObject } from './responses.js';

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /** The answers, one turn per model request (Chat Completions and Responses share them). */
  readonly scenario: Scenario;
  /** Port on 127.0.0.1 (default 0: any free port). */
  readonly port?: number;
  /** Append every request as one JSON line `{ "path", "body" }` to this file. */
  readonly recordFile?: string;
}

/** A running mock server. */
export interface MockServer {
  /** The base URL to give an OpenAI client (`http://127.0.0.1:<port>/v1`). */
  readonly url: string;
  /** Model requests answered so far. */
  readonly requests: number;
  /** Stop listening and drop open connections. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 20_000_000;

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

function sendError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}

function sendEvents(response: ServerResponse, events: readonly object[], named: boolean): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  for (const event of events) {
    const type = named ? (event as { type?: string }).type : undefined;
    response.write(`${type ? `event: ${type}\n` : ''}data: ${JSON.stringify(event)}\n\n`);
  }
  if (!named) response.write('data: [DONE]\n\n');
  response.end();
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error(`the request body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * An OpenAI-compatible server on 127.0.0.1 that answers Chat Completions (streamed or
 * not) and Responses (streamed or not) from a scenario, for testing agents without a
 * model. `GET /v1/models` lists one model.
 */
export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  const player = new ScenarioPlayer(options.scenario);
  let requests = 0;
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!.replace(/^\/v1(?=\/)/, '');
    if (request.method === 'GET' && path === '/models') {
      sendJson(response, 200, { object: 'list', data: [{ id: 'toolcell-mock', object: 'model', created: 0, owned_by: 'toolcell' }] });
      return;
    }
    if (request.method !== 'POST' || (path !== '/chat/completions' && path !== '/responses')) {
      sendError(response, 404, `${request.method} ${request.url} is not served; use POST /v1/chat/completions or POST /v1/responses.`);
      return;
    }
    readBody(request).then(
      (body) => {
        if (typeof body !== 'object' || body === null) {
          sendError(response, 400, 'the request body must be a JSON object.');
          return;
        }
        if (options.recordFile) appendFileSync(options.recordFile, `${JSON.stringify({ path: `/v1${path}`, body })}\n`);
        requests += 1;
        const turn = player.next();
        const id = `mock_${requests}`;
        if (path === '/chat/completions') {
          const chat = body as ChatRequestBody;
          if (chat.stream) sendEvents(response, chatCompletionChunks(turn, chat, `chatcmpl-${id}`), false);
          else sendJson(response, 200, chatCompletion(turn, chat, `chatcmpl-${id}`));
        } else {
          const responses = body as ResponsesRequestBody;
          if (responses.stream) sendEvents(response, responseEvents(turn, responses, `resp_${id}`), true);
          else sendJson(response, 200, responseObject(turn, responses, `resp_${id}`));
        }
      },
      (error: unknown) => sendError(response, 400, `the request body is not valid JSON: ${(error as Error).message}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
