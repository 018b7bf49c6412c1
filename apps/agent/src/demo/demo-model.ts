import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { PlayedTurn } from '../scenario/scenario-player.js';
import type { ScriptedResponder } from '../model/scripted/scripted-responder.js';
import { REPORT_PATH, extractTodos, formatTodoReport } from './todo-report.js';
import type { Todo } from './todo-report.js';
import { TODO_REPORT_PROGRAM } from './todo-report-program.js';

/** A tool call of the history with its result text. */
interface Exchange {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly result: string | undefined;
}

function textOf(content: ChatCompletionMessageParam['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => ('text' in part ? part.text : '')).join('');
}

/** The calls in a Chat Completions history, each with the text of its tool message. */
function exchanges(messages: readonly ChatCompletionMessageParam[]): Exchange[] {
  const results = new Map<string, string>();
  for (const message of messages) if (message.role === 'tool') results.set(message.tool_call_id, textOf(message.content));
  return messages.flatMap((message) =>
    message.role === 'assistant'
      ? (message.tool_calls ?? []).flatMap((call) =>
          call.type === 'function'
            ? [{ name: call.function.name, arguments: JSON.parse(call.function.arguments) as Record<string, unknown>, result: results.get(call.id) }]
            : [],
        )
      : [],
  );
}

function call(turn: number, name: string, args: Record<string, string>): PlayedTurn {
  return { index: turn, text: '', toolCalls: [{ id: `call_${turn}_0`, name, arguments: args }] };
}

function answer(turn: number, text: string): PlayedTurn {
  return { index: turn, text, toolCalls: [] };
}

/** Files in a `list_files` result as the model reads it (`path (N bytes)` lines). */
function listedFiles(wire: string): string[] {
  return wire.split('\n').flatMap((line) => {
    const match = /^(.+) \(\d+ bytes\)$/.exec(line);
    return match ? [match[1]!] : [];
  });
}

/** The TODOs in a `read_file` result as the model reads it (a header, then `N| text` lines). */
function todosInReadResult(path: string, wire: string): Todo[] {
  return wire
    .split('\n')
    .slice(1)
    .flatMap((line) => {
      const match = /^\s*(\d+)\| ?(.*)$/.exec(line);
      return match ? extractTodos(path, [match[2]!], Number(match[1])) : [];
    });
}

/**
 * The built-in model in `direct` mode: one tool per turn — list the files, read each one,
 * write the report from what it read, then answer. It decides from the tool results in
 * the request, as a real model would.
 */
export const directDemoModel: ScriptedResponder = (body: ChatCompletionCreateParamsNonStreaming) => {
  const history = exchanges(body.messages);
  const turn = history.length;
  const listing = history.find((exchange) => exchange.name === 'list_files');
  if (!listing?.result) return call(turn, 'list_files', { path: '.' });
  const reads = history.filter((exchange) => exchange.name === 'read_file');
  const unread = listedFiles(listing.result).filter((path) => !reads.some((read) => read.arguments.path === path));
  if (unread.length > 0) return call(turn, 'read_file', { path: unread[0]! });
  const write = history.find((exchange) => exchange.name === 'write_file');
  if (!write) {
    const todos = reads.flatMap((read) => todosInReadResult(String(read.arguments.path), read.result ?? ''));
    return call(turn, 'write_file', { path: REPORT_PATH, content: formatTodoReport(todos) });
  }
  return answer(turn, `${write.result ?? 'No result.'} The report groups the TODOs by owner.`);
};

/**
 * The built-in model in `code_mode_only`: one `exec` program does the whole task, then
 * it answers with what the program returned.
 */
export const codeModeDemoModel: ScriptedResponder = (body: ChatCompletionCreateParamsNonStreaming) => {
  const history = exchanges(body.messages);
  const exec = history.find((exchange) => exchange.name === 'exec');
  if (!exec) return { index: 0, text: '', toolCalls: [{ id: 'call_0_0', name: 'exec', input: TODO_REPORT_PROGRAM }] };
  return answer(history.length, `The program finished: ${(exec.result ?? '').split('\n')[0]} The report groups the TODOs by owner.`);
};
