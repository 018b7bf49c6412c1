import type { JsonObject } from '@toolcell/core';
import type { ToolCallResult, StreamUpdate } from '@toolcell/providers';
import { loadTokenCounter } from '@toolcell/sdkgen';
import type { ModelClient, ModelConversation } from '../model/model-client.js';
import type { AgentRuntime } from './agent-runtime.js';
import { AgentLoopError } from './agent-loop-error.js';
import type { TranscriptSink, TranscriptToolCall } from './transcript-event.js';

/** Options of {@link runAgent}. */
export interface RunAgentOptions {
  readonly runtime: AgentRuntime;
  readonly client: ModelClient;
  readonly task: string;
  readonly transcript: TranscriptSink;
  /** Most model requests before giving up (the run then fails). */
  readonly maxTurns: number;
  readonly signal?: AbortSignal;
  /** Streamed text and call starts, for live display. */
  readonly onUpdate?: (update: StreamUpdate) => void;
  /** The conversation to go on with (default: a new one with the system prompt and the task). */
  readonly conversation?: ModelConversation;
}

/** What a finished run measured. */
export interface AgentRunSummary {
  /** The model's final answer. */
  readonly text: string;
  /** Model requests made (including the one that got the final answer). */
  readonly requests: number;
  /** Model turns that asked for tools. */
  readonly toolTurns: number;
  /** Tokens of every request body sent (declarations + messages, o200k). */
  readonly tokens: number;
  /** Calls the model made directly. */
  readonly modelCalls: number;
  /** Wall time of the run, in milliseconds. */
  readonly wallMs: number;
}

/** A `wait` that came back on its yield time: the cell runs on and had nothing new. */
function waitedForNothing(result: ToolCallResult): boolean {
  const report = result.outcome.status === 'ok' ? (result.outcome.output.result.value as JsonObject | null) : null;
  return result.request.name === 'wait' && report?.status === 'running' && report.text === '' && result.outcome.output.wire.content.length <= 1;
}

/**
 * Push completion: wait for a cell event (no timer), then give the model each cell's news
 * as one message.
 */
async function deliverCellNews(options: RunAgentOptions, conversation: ModelConversation, turn: number): Promise<void> {
  const cells = options.runtime.cells!;
  options.transcript({ type: 'cell_wait', turn, cellIds: cells.liveCells().map((cell) => cell.cellId) });
  await cells.nextNews(options.signal);
  for (const news of await cells.takeNews()) {
    conversation.addUserMessage(news.message);
    options.transcript({ type: 'cell_update', cellId: news.cellId, status: news.status, reasons: news.reasons, message: news.message });
  }
}

/**
 * The agent loop: send the conversation with the scope's current declarations, dispatch
 * the calls of each answer as one batch through the runtime, send the results back, and
 * stop at the first answer without tool calls. With push completion (cells, the default),
 * an answer that leaves cells running — no tool calls, or only `wait`s that saw nothing
 * new — is not followed by another request until a cell has news, which the model then
 * gets as one message.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRunSummary> {
  const { runtime, client, transcript } = options;
  // Loaded before the clock starts: the tokenizer's first load is not part of a run.
  const countTokens = await loadTokenCounter();
  const started = performance.now();
  const conversation = options.conversation ?? client.startConversation({ system: runtime.systemPrompt(), task: options.task });
  let tokens = 0;
  let toolTurns = 0;
  let modelCalls = 0;
  const push = runtime.cells !== undefined && runtime.settings.cellCompletion === 'push';
  for (let turn = 1; turn <= options.maxTurns; turn += 1) {
    const declarations = runtime.declarations();
    transcript({ type: 'model_request', turn, mode: runtime.mode, tools: declarations.map((declaration) => declaration.name).sort() });
    let response;
    try {
      response = await conversation.send({ declarations, signal: options.signal, onUpdate: options.onUpdate });
    } catch (error) {
      throw new AgentLoopError({ code: 'MODEL_REQUEST_FAILED', message: `The ${client.provider} model request failed: ${(error as Error).message}`, cause: error });
    }
    const requestTokens = countTokens(JSON.stringify(response.requestBody));
    tokens += requestTokens;
    runtime.tokensUsed = requestTokens;
    const calls: TranscriptToolCall[] = response.toolCalls.map((call) => ({
      callId: call.callId,
      name: call.name,
      ...(call.args === undefined ? {} : { arguments: call.args }),
      ...(call.input === undefined ? {} : { input: call.input }),
      ...(call.argumentsError === undefined ? {} : { argumentsError: call.argumentsError }),
    }));
    transcript({ type: 'model_response', turn, ...(response.text === '' ? {} : { text: response.text }), tool_calls: calls, requestTokens });
    if (response.toolCalls.length === 0) {
      if (push && runtime.cells!.liveCells().length > 0) {
        await deliverCellNews(options, conversation, turn);
        continue;
      }
      transcript({ type: 'final', text: response.text, turns: turn, tokens });
      return { text: response.text, requests: turn, toolTurns, tokens, modelCalls, wallMs: performance.now() - started };
    }
    toolTurns += 1;
    modelCalls += response.toolCalls.length;
    const outcomes = await Promise.all(runtime.dispatchModelCalls(response.toolCalls, options.signal));
    const results: ToolCallResult[] = response.toolCalls.map((request, index) => ({ request, outcome: outcomes[index]! }));
    conversation.addToolResults(results);
    if (push && results.every(waitedForNothing)) await deliverCellNews(options, conversation, turn);
  }
  throw new AgentLoopError({ code: 'MAX_TURNS_EXCEEDED', message: `The model was still calling tools after ${options.maxTurns} requests; raise --max-turns or simplify the task.` });
}
