import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ErrorCode, ListRootsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

/** A question a server puts to the host's user (an MCP form elicitation). */
export interface McpElicitationRequest {
  /** The server asking (its name in the `mcpServers` map). */
  readonly serverName: string;
  readonly message: string;
  /** The form: a flat JSON Schema object of strings, numbers, booleans and enums. */
  readonly requestedSchema: Readonly<Record<string, unknown>>;
  /** Aborted when the server cancels the request or the connection closes. */
  readonly signal: AbortSignal;
}

/**
 * The user's answer to an elicitation. On `accept`, fields the user left out get the
 * schema's `default`s (SEP-1034) before the server sees them.
 */
export interface McpElicitationAnswer {
  readonly action: 'accept' | 'decline' | 'cancel';
  readonly content?: Readonly<Record<string, string | number | boolean | readonly string[]>>;
}

/** A server asking the host's model for a completion (MCP sampling, `sampling/createMessage`). */
export interface McpSamplingRequest {
  readonly serverName: string;
  /** The request's `params` as the server sent them (`messages`, `maxTokens`, `systemPrompt`, …). */
  readonly params: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal;
}

/** The model's answer to a sampling request. */
export interface McpSamplingResult {
  /** The model that answered. */
  readonly model: string;
  readonly content: { readonly type: 'text'; readonly text: string } | { readonly type: 'image' | 'audio'; readonly data: string; readonly mimeType: string };
  readonly stopReason?: string;
}

/** A root a server may work in (MCP roots): a `file://` URI and a name for people. */
export interface McpRoot {
  readonly uri: string;
  readonly name?: string;
}

/**
 * What imported servers may ask of the host. Each MCP client capability is declared only
 * when its handler is given; a server that asks for one that is not gets an error saying
 * that this host does not offer it.
 */
export interface McpClientHost {
  /** Put a server's question to the host's user (declares `elicitation`). */
  readonly elicit?: (request: McpElicitationRequest) => Promise<McpElicitationAnswer>;
  /** Ask the host's model (declares `sampling`). */
  readonly sample?: (request: McpSamplingRequest) => Promise<McpSamplingResult>;
  /** The roots servers may work in, such as the workspace (declares `roots`). */
  readonly roots?: readonly McpRoot[];
}

/** The client capabilities `host` offers. */
export function clientCapabilities(host: McpClientHost): ClientCapabilities {
  return {
    ...(host.elicit ? { elicitation: { form: { applyDefaults: true } } } : {}),
    ...(host.sample ? { sampling: {} } : {}),
    ...(host.roots ? { roots: { listChanged: false } } : {}),
  };
}

const OFFERED_BY = {
  'elicitation/create': 'elicitation (asking the user): the host gave connectMcpServers no elicit handler',
  'sampling/createMessage': 'sampling (asking the model): the host gave connectMcpServers no sample handler',
  'roots/list': 'roots: the host gave connectMcpServers no roots',
} as const;

/** Answer the requests of the capabilities `host` offers; refuse the others by name. */
export function serveClientHost(client: Client, serverName: string, host: McpClientHost): void {
  const { elicit, sample, roots } = host;
  if (elicit) {
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      if (request.params.mode === 'url') throw new McpError(ErrorCode.InvalidParams, 'toolcell answers form elicitations only.');
      const answer = await elicit({ serverName, message: request.params.message, requestedSchema: request.params.requestedSchema, signal: extra.signal });
      return { action: answer.action, ...(answer.content === undefined ? {} : { content: { ...answer.content } as Record<string, string | number | boolean | string[]> }) };
    });
  }
  if (sample) {
    client.setRequestHandler(CreateMessageRequestSchema, async (request, extra) => {
      const result = await sample({ serverName, params: request.params, signal: extra.signal });
      return { role: 'assistant' as const, model: result.model, content: { ...result.content }, ...(result.stopReason === undefined ? {} : { stopReason: result.stopReason }) };
    });
  }
  if (roots) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((root) => ({ ...root })) }));
  client.fallbackRequestHandler = (request) => {
    const offered = (OFFERED_BY as Record<string, string | undefined>)[request.method];
    const message = offered === undefined ? `toolcell's MCP client does not handle "${request.method}".` : `toolcell's MCP client does not offer ${offered}.`;
    return Promise.reject(new McpError(ErrorCode.MethodNotFound, message));
  };
}
