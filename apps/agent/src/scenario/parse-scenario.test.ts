import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test-support/tool-context.js';
import { loadScenario, parseScenario } from './parse-scenario.js';
import { FINAL_TEXT, ScenarioPlayer } from './scenario-player.js';

const directories: { dispose(): void }[] = [];
afterEach(() => directories.splice(0).forEach((directory) => directory.dispose()));

const FORMAT_HINT = ' A scenario looks like { "turns": [ { "tool_calls": [ { "id"?, "name", "arguments"?: {…}, "input"?: "…" } ] } | { "text": "…" } ] }.';

describe('parseScenario', () => {
  it('accepts tool-call turns, text turns and both', () => {
    const scenario = {
      turns: [
        { tool_calls: [{ name: 'list_files' }, { id: 'x', name: 'read_file', arguments: { path: 'a' } }] },
        { tool_calls: [{ name: 'exec', input: 'return 1' }], text: 'running a program' },
        { text: 'done' },
      ],
    };
    expect(parseScenario(scenario)).toEqual(scenario);
    expect(parseScenario({ turns: [] })).toEqual({ turns: [] });
  });

  it.each([
    [[], 'scenario (top level): must be a JSON object.'],
    [{ turns: {} }, 'scenario turns: must be a list.'],
    [{ turns: [], extra: 1 }, 'scenario (top level): has unknown key "extra".'],
    [{ turns: [{ text: 'a' }, 'b'] }, 'scenario turns[1]: must be an object with "tool_calls" or "text".'],
    [{ turns: [{}] }, 'scenario turns[0]: has neither "tool_calls" nor "text".'],
    [{ turns: [{ text: 1 }] }, 'scenario turns[0].text: must be a string.'],
    [{ turns: [{ calls: [] }] }, 'scenario turns[0]: has unknown key "calls"; a turn has "tool_calls" or "text".'],
    [{ turns: [{ text: 'a' }, { tool_calls: [] }] }, 'scenario turns[1].tool_calls: must be a non-empty list.'],
    [{ turns: [{ tool_calls: [{ name: '' }] }] }, 'scenario turns[0].tool_calls[0].name: must be a non-empty string.'],
    [{ turns: [{ tool_calls: [{ name: 'a', id: 3 }] }] }, 'scenario turns[0].tool_calls[0].id: must be a non-empty string when given.'],
    [{ turns: [{ tool_calls: [{ name: 'a', arguments: [] }] }] }, 'scenario turns[0].tool_calls[0].arguments: must be a JSON object.'],
    [{ turns: [{ tool_calls: [{ name: 'a', input: {} }] }] }, 'scenario turns[0].tool_calls[0].input: must be a string (the program source).'],
    [{ turns: [{ tool_calls: [{ name: 'a', input: 'x', arguments: {} }] }] }, 'scenario turns[0].tool_calls[0]: has both "arguments" and "input"; a function tool takes arguments, a freeform tool (exec) takes input.'],
    [{ turns: [{ tool_calls: [{ name: 'a', args: {} }] }] }, 'scenario turns[0].tool_calls[0]: has unknown key "args"; use id, name, arguments or input.'],
    [{ turns: [{ tool_calls: [{ name: 'a', id: 'x' }, { name: 'b', id: 'x' }] }] }, 'scenario turns[0].tool_calls: uses the id "x" twice; call ids must be unique in a turn.'],
    [{ turns: [{ tool_calls: ['a'] }] }, 'scenario turns[0].tool_calls[0]: must be an object.'],
  ])('rejects %j naming the bad turn', (value, message) => {
    expect(() => parseScenario(value)).toThrow(message + FORMAT_HINT);
  });
});

describe('loadScenario', () => {
  it('reads a file and reports unreadable or invalid files as usage errors', () => {
    const directory = temporaryDirectory();
    directories.push(directory);
    const file = join(directory.path, 'scenario.json');
    writeFileSync(file, '{"turns":[{"text":"hi"}]}');
    expect(loadScenario(file)).toEqual({ turns: [{ text: 'hi' }] });
    writeFileSync(file, '{"turns":[');
    expect(() => loadScenario(file)).toThrow(`${file}: is not valid JSON (`);
    expect(() => loadScenario(join(directory.path, 'missing.json'))).toThrow(/^--script: cannot read .*missing\.json/);
  });
});

describe('ScenarioPlayer', () => {
  it('plays turns in order with default ids, then the final text', () => {
    const player = new ScenarioPlayer({ turns: [{ tool_calls: [{ name: 'a' }, { id: 'own', name: 'b' }] }, { text: 'bye' }] });
    expect(player.next()).toEqual({ index: 0, text: '', toolCalls: [{ id: 'call_0_0', name: 'a' }, { id: 'own', name: 'b' }] });
    expect(player.next()).toEqual({ index: 1, text: 'bye', toolCalls: [] });
    expect(player.next()).toEqual({ index: undefined, text: FINAL_TEXT, toolCalls: [] });
    expect(player.consumed).toBe(2);
  });
});
