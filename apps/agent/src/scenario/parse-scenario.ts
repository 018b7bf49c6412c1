import { readFileSync } from 'node:fs';
import type { JsonObject } from '@toolcell/core';
import { ConfigurationError, findJsonSafetyViolation } from '@toolcell/core';
import type { Scenario, ScenarioToolCall, ScenarioTurn } from './scenario.js';

const FORMAT = '{ "turns": [ { "tool_calls": [ { "id"?, "name", "arguments"?: {…}, "input"?: "…" } ] } | { "text": "…" } ] }';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(source: string, where: string, problem: string): never {
  throw new ConfigurationError({ setting: `${source} ${where}`, message: `${problem} A scenario looks like ${FORMAT}.` });
}

function unknownKeys(value: Record<string, unknown>, allowed: readonly string[]): string[] {
  return Object.keys(value).filter((key) => !allowed.includes(key));
}

function parseToolCall(value: unknown, source: string, where: string): ScenarioToolCall {
  if (!isObject(value)) fail(source, where, 'must be an object.');
  const extra = unknownKeys(value, ['id', 'name', 'arguments', 'input']);
  if (extra.length > 0) fail(source, where, `has unknown key ${JSON.stringify(extra[0])}; use id, name, arguments or input.`);
  const { id, name, arguments: args, input } = value;
  if (typeof name !== 'string' || name === '') fail(source, `${where}.name`, 'must be a non-empty string.');
  if (id !== undefined && (typeof id !== 'string' || id === '')) fail(source, `${where}.id`, 'must be a non-empty string when given.');
  if (args !== undefined && input !== undefined) fail(source, where, 'has both "arguments" and "input"; a function tool takes arguments, a freeform tool (exec) takes input.');
  if (args !== undefined) {
    if (!isObject(args)) fail(source, `${where}.arguments`, 'must be a JSON object.');
    const violation = findJsonSafetyViolation(args);
    if (violation) fail(source, `${where}.arguments${violation.path}`, `${violation.reason}.`);
  }
  if (input !== undefined && typeof input !== 'string') fail(source, `${where}.input`, 'must be a string (the program source).');
  return {
    name,
    ...(id === undefined ? {} : { id: id as string }),
    ...(args === undefined ? {} : { arguments: args as JsonObject }),
    ...(input === undefined ? {} : { input: input as string }),
  };
}

function parseTurn(value: unknown, source: string, where: string): ScenarioTurn {
  if (!isObject(value)) fail(source, where, 'must be an object with "tool_calls" or "text".');
  const extra = unknownKeys(value, ['tool_calls', 'text']);
  if (extra.length > 0) fail(source, where, `has unknown key ${JSON.stringify(extra[0])}; a turn has "tool_calls" or "text".`);
  const { tool_calls: calls, text } = value;
  if (text !== undefined && typeof text !== 'string') fail(source, `${where}.text`, 'must be a string.');
  if (calls === undefined) {
    if (text === undefined) fail(source, where, 'has neither "tool_calls" nor "text".');
    return { text: text as string };
  }
  if (!Array.isArray(calls) || calls.length === 0) fail(source, `${where}.tool_calls`, 'must be a non-empty list.');
  const toolCalls = calls.map((call, index) => parseToolCall(call, source, `${where}.tool_calls[${index}]`));
  const ids = toolCalls.flatMap((call) => (call.id === undefined ? [] : [call.id]));
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate !== undefined) fail(source, `${where}.tool_calls`, `uses the id ${JSON.stringify(duplicate)} twice; call ids must be unique in a turn.`);
  return text === undefined ? { tool_calls: toolCalls } : { tool_calls: toolCalls, text: text as string };
}

/**
 * Check a parsed scenario.
 *
 * @throws ConfigurationError naming the bad turn (`turns[2].tool_calls[0].name`).
 */
export function parseScenario(value: unknown, source = 'scenario'): Scenario {
  if (!isObject(value)) fail(source, '(top level)', 'must be a JSON object.');
  const extra = unknownKeys(value, ['turns']);
  if (extra.length > 0) fail(source, '(top level)', `has unknown key ${JSON.stringify(extra[0])}.`);
  if (!Array.isArray(value.turns)) fail(source, 'turns', 'must be a list.');
  return { turns: value.turns.map((turn, index) => parseTurn(turn, source, `turns[${index}]`)) };
}

/** Read and check a scenario file. */
export function loadScenario(file: string): Scenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError({ setting: '--script', message: `cannot read ${file} (${(error as Error).message}).`, cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError({ setting: file, message: `is not valid JSON (${(error as Error).message}).`, cause: error });
  }
  return parseScenario(parsed, file);
}
