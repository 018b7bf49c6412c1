// What the shared contract tests (`src/provider-contract.*.test.ts`) need to know about one
// provider: its adapter, its recordings, and how to drive its official SDK. What a recording
// must read as lives beside it in `src/<provider>/__fixtures__/` (`<name>.turn.json`,
// `code-mode.tools.json`, `*.request.json`); one case per provider lives in `test/cases/`.
import type { ProviderAdapter, ProviderName, ProviderWire } from '../src/shared/provider-adapter.js';

/** One provider, as the contract tests see it. */
export interface ProviderCase<Wire extends ProviderWire = ProviderWire> {
  readonly adapter: ProviderAdapter<Wire>;
  /** Which of the optional recordings the provider has. */
  readonly recordings: {
    /** The recorded response (without `.json`) whose calls, next to a healthy one, cannot be read. */
    readonly unreadable: 'malformed-arguments' | 'exec-missing-code';
    /** `programmatic-calls.json`: the provider's hosted code can call our tools. */
    readonly programmatic: boolean;
    /** `stream-malformed.chunks.txt`: the provider streams argument deltas, so a token limit can cut them off. */
    readonly streamCutOff: boolean;
  };
  /** The smallest response with no output at all. */
  readonly emptyResponse: Wire['response'];
  /** The request body field that carries the conversation (in `*.request.json` recordings too). */
  readonly historyField: 'messages' | 'input' | 'contents';
  /** The conversation entries of a recorded response, exactly as received. */
  receivedTurn(response: Wire['response']): Wire['message'][];
  readonly sdk: SdkCase<Wire>;
}

/** How to drive the provider's official SDK against the loopback server at `origin`. */
export interface SdkCase<Wire extends ProviderWire> {
  /** The user's question, the first entry of the conversation. */
  readonly question: Wire['message'];
  /** The request paths of a complete and of a streamed request. */
  readonly paths: { readonly complete: string; readonly stream: string };
  /**
   * How a streamed request and its answer look: the body's `stream` flag (Gemini says it in
   * the path instead), whether each event is named after its `type`, whether `[DONE]` ends it.
   */
  readonly streaming: { readonly flag: true | undefined; readonly eventNames: boolean; readonly done: boolean };
  create(origin: string, history: Wire['message'][], tools: Wire['tool'][]): Promise<Wire['response']>;
  stream(origin: string, history: Wire['message'][], tools: Wire['tool'][]): Promise<AsyncIterable<Wire['chunk']>>;
}

/** A file in the provider's `__fixtures__` folder. */
export function providerFixture(provider: ProviderName, name: string): URL {
  return new URL(`../src/${provider}/__fixtures__/${name}`, import.meta.url);
}

/** A case typed by its adapter's wire types, as one of the list (the tests pass each case only its own payloads). */
export function anyProviderCase<Wire extends ProviderWire>(providerCase: ProviderCase<Wire>): ProviderCase {
  return providerCase as unknown as ProviderCase;
}
