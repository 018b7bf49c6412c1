import type { ChatCompletion, ChatCompletionChunk, ChatCompletionMessageToolCall } from 'openai/resources/chat/completions';
import type { PlayedTurn } from '../scenario/scenario-player.js';
import { argumentText, declaredTools } from './freeform-parameter.js';
import { approximateTokens } from './approximate-tokens.js';

/** The parts of a Chat Completions request body the mock server reads. */
export interface ChatRequestBody {
  readonly model?: string;
  readonly tools?: unknown;
  readonly stream?: boolean | null;
  readonly stream_options?: { readonly include_usage?: boolean } | null;
}

function toolCalls(turn: PlayedTurn, body: ChatRequestBody): ChatCompletionMessageToolCall[] {
  const declared = declaredTools(body.tools);
  return turn.toolCalls.map((call) => {
    const tool = declared.get(call.name);
    if (tool?.kind === 'custom' && call.input !== undefined) {
      return { id: call.id, type: 'custom', custom: { name: call.name, input: call.input } };
    }
    return { id: call.id, type: 'function', function: { name: call.name, arguments: argumentText(call, tool) } };
  });
}

function usage(turn: PlayedTurn, body: unknown) {
  const prompt = approximateTokens(JSON.stringify(body));
  const completion = approximateTokens(JSON.stringify(turn));
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** A complete (non-streamed) Chat Completions response for one played turn. */
export function chatCompletion(turn: PlayedTurn, body: ChatRequestBody, id: string): ChatCompletion {
  const calls = toolCalls(turn, body);
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'toolcell-mock',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: turn.text === '' && calls.length > 0 ? null : turn.text,
          refusal: null,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        },
        finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
        logprobs: null,
      },
    ],
    usage: usage(turn, body),
  };
}

/** Split text into a few pieces, so clients really assemble deltas. */
export function pieces(text: string, count = 3): string[] {
  if (text.length <= 1) return [text];
  const size = Math.ceil(text.length / count);
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += size) parts.push(text.slice(start, start + size));
  return parts;
}

/**
 * The chunks of a streamed Chat Completions response for one played turn: the role, the
 * text in pieces, each call's id and name and then its arguments in pieces, the finish
 * reason, and the usage chunk when `stream_options.include_usage` asked for it.
 */
export function chatCompletionChunks(turn: PlayedTurn, body: ChatRequestBody, id: string): ChatCompletionChunk[] {
  const base = { id, object: 'chat.completion.chunk' as const, created: Math.floor(Date.now() / 1000), model: body.model ?? 'toolcell-mock' };
  const chunk = (delta: ChatCompletionChunk.Choice.Delta, finish: ChatCompletionChunk.Choice['finish_reason'] = null): ChatCompletionChunk => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  const chunks: ChatCompletionChunk[] = [chunk({ role: 'assistant', content: '' })];
  if (turn.text !== '') for (const text of pieces(turn.text)) chunks.push(chunk({ content: text }));
  const declared = declaredTools(body.tools);
  turn.toolCalls.forEach((call, index) => {
    chunks.push(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const part of pieces(argumentText(call, declared.get(call.name)))) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
    }
  });
  chunks.push(chunk({}, turn.toolCalls.length > 0 ? 'tool_calls' : 'stop'));
  if (body.stream_options?.include_usage) chunks.push({ ...base, choices: [], usage: usage(turn, body) });
  return chunks;
}
