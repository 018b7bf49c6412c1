// What the shared contract tests (`src/provider-contract.*.test.ts`) need to know about one
// provider: its adapter, its recordings, and how to drive its official SDK. What a recording
// must read as lives beside it in the adapter's `__fixtures__` folder (`<name>.turn.json`,
// `code-mode.tools.json`, `*.request.json`); one case per provider lives in `test/cases/`.
import type { ProviderAdapter, ProviderWire } from '../src/shared/provider-adapter.js';
import type { LoopbackReply } from './loopback-server.js';

/** One provider, as the contract tests see it. */
export interface ProviderCase<Wire extends ProviderWire = ProviderWire> {
  readonly adapter: ProviderAdapter<Wire>;
  /** A file in the adapter's `__fixtures__` folder. */
  fixture(name: string): URL;
  /** The recorded response (without `.json`) whose calls, next to a healthy one, cannot be read. */
  readonly unreadableResponse: 'malformed-arguments' | 'exec-missing-code';
  /** The smallest response with no output at all. */
  readonly emptyResponse: Wire['response'];
  /** Whether the provider's hosted code can call our tools (`programmatic-calls.json`). */
  readonly programmatic: boolean;
  /** Whether the provider streams argument deltas, so a token limit can cut them off (`stream-malformed.chunks.txt`). */
  readonly streamsArgumentDeltas: boolean;
  /** The call id of the recorded requests carrying one `get_weather` result. */
  readonly resultCallId: string;
  /** The request body field that carries the conversation (in `*.request.json` recordings too). */
  readonly historyField: 'messages' | 'input' | 'contents';
  readonly sdk: SdkCase<Wire>;
}

/** How to drive the provider's official SDK against the loopback server. */
export interface SdkCase<Wire extends ProviderWire> {
  /** The user's question, the first entry of the conversation. */
  readonly question: Wire['message'];
  /** The request paths of a complete and of a streamed request. */
  readonly paths: { readonly complete: string; readonly stream: string };
  /** The body's `stream` flag of a streamed request (Gemini says it in the path instead). */
  readonly streamFlag: true | undefined;
  /** The recorded chunks as the server-sent events the provider sends. */
  serverSentEvents(chunks: readonly Wire['chunk'][]): LoopbackReply;
  /** The conversation entries of a recorded response, exactly as received. */
  receivedTurn(response: Wire['response']): Wire['message'][];
  /** A client of the official SDK talking to `origin`. */
  connect(origin: string): SdkClient<Wire>;
}

/** The two requests the round trips make. */
export interface SdkClient<Wire extends ProviderWire> {
  create(history: Wire['message'][], tools: Wire['tool'][]): Promise<Wire['response']>;
  stream(history: Wire['message'][], tools: Wire['tool'][]): Promise<AsyncIterable<Wire['chunk']>>;
}

/** Type a case against its adapter's wire types, then list it with the others. */
export function defineProviderCase<Wire extends ProviderWire>(providerCase: ProviderCase<Wire>): ProviderCase {
  return providerCase as unknown as ProviderCase;
}
