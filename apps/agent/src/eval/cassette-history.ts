import type { JsonObject, JsonValue } from '@toolcell/core';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { PlayedToolCall, PlayedTurn } from '../scenario/scenario-player.js';

/** A tool call of the conversation with the text its tool message returned. */
export interface Exchange {
  readonly turn: number;
  readonly name: string;
  readonly arguments: JsonObject;
  readonly result: string;
}

function textOf(content: ChatCompletionMessageParam['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => ('text' in part ? part.text : '')).join('');
}

/** What a cassette reads from a request: the calls so far, by model turn, with their results. */
export interface CassetteHistory {
  /** Model turns answered so far (the next answer is turn `turns`). */
  readonly turns: number;
  readonly exchanges: readonly Exchange[];
  /** The exchanges of the latest turn that called tools. */
  readonly last: readonly Exchange[];
}

/** Read a Chat Completions request the way a model reads its context. */
export function readHistory(body: ChatCompletionCreateParamsNonStreaming): CassetteHistory {
  const results = new Map<string, string>();
  for (const message of body.messages) if (message.role === 'tool') results.set(message.tool_call_id, textOf(message.content));
  const exchanges: Exchange[] = [];
  let turns = 0;
  for (const message of body.messages) {
    if (message.role !== 'assistant') continue;
    turns += 1;
    for (const call of message.tool_calls ?? []) {
      if (call.type !== 'function') continue;
      exchanges.push({ turn: turns, name: call.function.name, arguments: JSON.parse(call.function.arguments) as JsonObject, result: results.get(call.id) ?? '' });
    }
  }
  const lastTurn = exchanges.at(-1)?.turn;
  return { turns, exchanges, last: exchanges.filter((exchange) => exchange.turn === lastTurn) };
}

/** A turn of function calls (ids `call_<turn>_<index>`). */
export function callTurn(history: CassetteHistory, calls: readonly { readonly name: string; readonly arguments: JsonObject }[]): PlayedTurn {
  const toolCalls: PlayedToolCall[] = calls.map((call, index) => ({ id: `call_${history.turns}_${index}`, name: call.name, arguments: call.arguments }));
  return { index: history.turns, text: '', toolCalls };
}

/** A turn that sends one `exec` program. */
export function execTurn(history: CassetteHistory, program: string): PlayedTurn {
  return { index: history.turns, text: '', toolCalls: [{ id: `call_${history.turns}_0`, name: 'exec', input: program }] };
}

/** The final answer. */
export function answerTurn(history: CassetteHistory, text: string): PlayedTurn {
  return { index: history.turns, text, toolCalls: [] };
}

/** A tool result the model reads as JSON (the fixtures answer in JSON), or `undefined` for an error text. */
export function parseResult(exchange: Exchange | undefined): JsonValue | undefined {
  if (exchange === undefined) return undefined;
  try {
    return JSON.parse(exchange.result) as JsonValue;
  } catch {
    return undefined;
  }
}

/** The return value an `exec` result states (`Return value: …`), if it completed with one. */
export function execReturnValue(exchange: Exchange | undefined): JsonValue | undefined {
  const line = exchange?.result.split('\n').find((text) => text.startsWith('Return value: '));
  return line === undefined ? undefined : (JSON.parse(line.slice('Return value: '.length)) as JsonValue);
}
