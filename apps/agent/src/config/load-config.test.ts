import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test-support/tool-context.js';
import { resolveSettings } from './agent-settings.js';
import { loadConfig, parseConfig } from './load-config.js';

const directories: { dispose(): void }[] = [];
afterEach(() => directories.splice(0).forEach((directory) => directory.dispose()));

function workspace(files: Record<string, string> = {}) {
  const directory = temporaryDirectory(files);
  directories.push(directory);
  return directory.path;
}

function configError(value: unknown): unknown {
  try {
    parseConfig(value, 'toolcell.config.json');
  } catch (error) {
    return error;
  }
  throw new Error('expected a configuration error');
}

describe('parseConfig', () => {
  it('accepts every documented setting', () => {
    const config = {
      $schema: './node_modules/@toolcell/agent/schema/toolcell.config.schema.json',
      provider: 'openai-compatible',
      model: 'local',
      baseUrl: 'http://127.0.0.1:1/v1',
      contextWindow: 32000,
      maxTurns: 10,
      tools: { mode: 'code_mode_only', eager: ['read_file'], directControl: ['ask_user_question'], search: true, cells: false, cellCompletion: 'poll' },
      sandbox: { cpuBudgetMs: 100, memoryBytes: 8_000_000, stackBytes: 262_144, maxTextChars: 5000 },
      approvals: { default: 'none', tools: { write_file: 'all' } },
      store: '../cells',
    };
    expect(parseConfig(config)).toBe(config);
  });

  it.each([
    [{ tools: { mode: 'fast' } }, 'tools.mode: "fast" is not allowed; use one of "direct", "code_mode", "code_mode_only". (in toolcell.config.json)'],
    [{ tools: { mdoe: 'direct' } }, 'tools.mdoe: unknown setting; remove it or use one of "mode", "eager", "directControl", "search", "cells", "cellCompletion". (in toolcell.config.json)'],
    [{ sandbox: { memoryBytes: '64MB' } }, 'sandbox.memoryBytes: must be a whole number, not "64MB". (in toolcell.config.json)'],
    [{ sandbox: { cpuBudgetMs: 0 } }, 'sandbox.cpuBudgetMs: 0 is out of range; use a value >= 1. (in toolcell.config.json)'],
    [{ sandbox: { memoryBytes: 65536 } }, 'sandbox.memoryBytes: 65536 is out of range; use a value >= 1048576. (in toolcell.config.json)'],
    [{ sandbox: { wallTimeMs: 5 } }, 'sandbox.wallTimeMs: unknown setting; remove it or use one of "cpuBudgetMs", "memoryBytes", "stackBytes", "maxTextChars". (in toolcell.config.json)'],
    [{ tools: { eager: ['read_file', 'read_file'] } }, 'tools.eager: lists ["read_file","read_file"] twice; remove the duplicate. (in toolcell.config.json)'],
    [{ approvals: { tools: { write_file: 'yes' } } }, 'approvals.tools.write_file: "yes" is not allowed; use one of "ask", "all", "none". (in toolcell.config.json)'],
    [{ tools: { search: 'yes' } }, 'tools.search: must be a boolean, not "yes". (in toolcell.config.json)'],
    [{ tools: { cellCompletion: 'timer' } }, 'tools.cellCompletion: "timer" is not allowed; use one of "push", "poll". (in toolcell.config.json)'],
    [[], 'toolcell.config.json: must be an object, not []. (in toolcell.config.json)'],
  ])('rejects %j naming the key and the fix', (value, message) => {
    expect(configError(value)).toMatchObject({ name: '@toolcell/core/ConfigurationError', code: 'INVALID_CONFIGURATION', message });
  });
});

describe('loadConfig', () => {
  it('reads toolcell.config.json from the workspace, or nothing', () => {
    const withFile = workspace({ 'toolcell.config.json': '{"tools":{"mode":"code_mode"}}' });
    expect(loadConfig({ workspace: withFile })).toEqual({ config: { tools: { mode: 'code_mode' } }, file: join(withFile, 'toolcell.config.json'), inWorkspace: true });
    expect(loadConfig({ workspace: workspace() })).toEqual({ config: {}, file: undefined, inWorkspace: false });
  });

  it('tells a file inside the workspace (default or --config) from one outside it', () => {
    const inside = workspace({ 'toolcell.config.json': '{}', 'conf/other.json': '{}' });
    const outside = workspace({ 'mine.json': '{}' });
    expect(loadConfig({ workspace: inside, explicitFile: join(inside, 'conf/other.json') }).inWorkspace).toBe(true);
    expect(loadConfig({ workspace: inside, explicitFile: join(outside, 'mine.json') }).inWorkspace).toBe(false);
  });

  it('rejects a missing --config file and invalid JSON', () => {
    const directory = workspace();
    expect(() => loadConfig({ workspace: directory, explicitFile: join(directory, 'nope.json') })).toThrow(
      `--config: ${join(directory, 'nope.json')} does not exist; pass the path of a toolcell.config.json file.`,
    );
    writeFileSync(join(directory, 'toolcell.config.json'), '{ "tools": ');
    expect(() => loadConfig({ workspace: directory })).toThrow(/toolcell\.config\.json: is not valid JSON \(.*\); fix the syntax\.$/);
  });
});

describe('resolveSettings', () => {
  const base = { workspace: '/tmp', configFile: undefined };

  it('uses defaults, then the file, then the flags', () => {
    const defaults = resolveSettings({ ...base, config: {}, flags: {} });
    expect(defaults).toMatchObject({ provider: 'scripted', mode: 'direct', approve: 'ask', cells: false, cellCompletion: 'push', search: false, maxTurns: 50 });
    const config = { tools: { mode: 'code_mode' as const, cells: true, cellCompletion: 'poll' as const }, approvals: { default: 'none' as const, tools: { read_file: 'ask' as const } } };
    expect(resolveSettings({ ...base, config, flags: {} })).toMatchObject({ mode: 'code_mode', cells: true, cellCompletion: 'poll', approve: 'none', approvalTools: { read_file: 'ask' } });
    const flagged = resolveSettings({ ...base, config, flags: { mode: 'code_mode_only', approve: 'all', cells: false, cellCompletion: 'push', maxTurns: '3' } });
    expect(flagged).toMatchObject({ mode: 'code_mode_only', approve: 'all', approvalTools: {}, cells: false, cellCompletion: 'push', maxTurns: 3 });
  });

  it('holds back the MCP servers of a configuration inside the workspace unless the user trusts them', () => {
    const config = { mcpServers: { h: { command: 'sh', args: ['-c', 'exit 1'] } } };
    const servers = config.mcpServers;
    expect(resolveSettings({ ...base, config, flags: {} })).toMatchObject({ mcpServers: servers, heldMcpServers: {} });
    expect(resolveSettings({ ...base, config, configInWorkspace: true, flags: {} })).toMatchObject({ mcpServers: {}, heldMcpServers: servers });
    expect(resolveSettings({ ...base, config, configInWorkspace: true, flags: { trustWorkspaceServers: true } })).toMatchObject({ mcpServers: servers, heldMcpServers: {} });
  });

  it('reads a store from --store (relative to the current directory) or from a file (relative to the file), and refuses a workspace file\'s own', () => {
    expect(resolveSettings({ ...base, config: {}, flags: {} })).toMatchObject({ store: undefined, heldStore: undefined });
    expect(resolveSettings({ ...base, config: {}, flags: { store: 'cells' }, cwd: '/home/me' }).store).toEqual({ kind: 'files', directory: '/home/me/cells' });
    expect(resolveSettings({ ...base, config: {}, flags: { store: 'postgres://u:p@127.0.0.1:5432/db' } }).store).toEqual({ kind: 'postgres', url: 'postgres://u:p@127.0.0.1:5432/db' });
    const fromFile = { ...base, configFile: '/etc/toolcell/toolcell.config.json', config: { store: 'cells' } };
    expect(resolveSettings({ ...fromFile, flags: {} })).toMatchObject({ store: { kind: 'files', directory: '/etc/toolcell/cells' }, heldStore: undefined });
    // A file inside the workspace names a store: held back (commands that use one refuse to run), unless --store says which.
    expect(resolveSettings({ ...fromFile, configInWorkspace: true, flags: {} })).toMatchObject({ store: undefined, heldStore: 'cells' });
    expect(resolveSettings({ ...fromFile, configInWorkspace: true, flags: { store: '/var/cells' } })).toMatchObject({ store: { kind: 'files', directory: '/var/cells' }, heldStore: undefined });
  });

  it.each([
    [{ store: 'ftp://example.com/cells' }, {}, '--store: "ftp://example.com/cells" is no store; pass a directory or a postgres:// URL.'],
    [{ store: 'postgres://[nope' }, {}, '--store: is not a PostgreSQL URL; use e.g. postgres://user:password@127.0.0.1:5432/toolcell.'],
    [{ store: ' ' }, {}, '--store: must not be empty; pass a directory or a postgres:// URL.'],
    [{}, { store: 'https://user:secret@example.com/' }, 'store: "https://…@example.com/" is no store; pass a directory or a postgres:// URL.'],
  ])('rejects the store of flags %j / config %j', (flags, config, message) => {
    expect(() => resolveSettings({ ...base, config, flags })).toThrow(message);
  });

  it.each([
    [{ mode: 'fast' }, {}, '--mode: "fast" is not allowed; use one of direct, code_mode, code_mode_only.'],
    [{ provider: 'gpt' }, {}, '--provider: "gpt" is not allowed; use one of scripted, openai, openai-responses, anthropic, gemini, openai-compatible.'],
    [{ approve: 'yes' }, {}, '--approve: "yes" is not allowed; use one of ask, all, none.'],
    [{ maxTurns: 'x' }, {}, '--max-turns: "x" is not a positive whole number.'],
    [{ cellCompletion: 'timer' }, {}, '--cell-completion: "timer" is not allowed; use one of push, poll.'],
    [{ baseUrl: 'nope' }, {}, '--base-url: "nope" is not a URL; use e.g. http://127.0.0.1:8080/v1.'],
    [{}, { tools: { eager: ['read_file', 'rm_rf'] } }, 'tools.eager[1]: "rm_rf" is not a tool of this agent; use one of ask_user_question, get_context_remaining, list_files, read_file, search_text, write_file.'],
    [{}, { approvals: { tools: { shell: 'all' as const } } }, 'approvals.tools.shell: "shell" is not a tool of this agent; use one of ask_user_question, get_context_remaining, list_files, read_file, search_text, write_file.'],
  ])('rejects flags %j / config %j', (flags, config, message) => {
    expect(() => resolveSettings({ ...base, config, flags })).toThrow(message);
  });
});
