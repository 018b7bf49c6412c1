// End-to-end tests of the `toolcell` CLI: every command and exit code, in spawned processes.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolcellOptions } from './run-toolcell.js';
import { jsonLines, runToolcell, startToolcell, waitForLine } from './run-toolcell.js';
import { processesInSession } from './session-processes.js';

const SAMPLE_PROJECT = fileURLToPath(new URL('../sample-project/', import.meta.url));
let root: string;
let workspace: string;

function file(name: string, content: unknown): string {
  const path = join(root, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function freshWorkspace(name: string): string {
  const directory = join(root, name);
  cpSync(SAMPLE_PROJECT, directory, { recursive: true });
  return directory;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'toolcell-e2e-'));
  workspace = freshWorkspace('workspace');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('toolcell help and usage errors', () => {
  it('prints help (exit 0) and rejects an unknown command (exit 2)', async () => {
    const [help, unknown, demoOption] = await Promise.all([runToolcell(['help']), runToolcell(['frobnicate']), runToolcell(['demo', '--bogus'])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^toolcell — an agent you can run, script, inspect and test/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('toolcell: frobnicate: is not a toolcell command; use one of run, exec, inspect, demo, eval, mock-server, mcp-server, approvals, help (toolcell help).');
    expect(demoOption.code).toBe(2);
    expect(demoOption.stderr.trim()).toBe('toolcell: --bogus: is not an option of toolcell demo; see toolcell demo --help.');
  });

  it('exits 2 for a malformed scenario (naming the turn) and a bad config key', async () => {
    const badScenario = file('bad-scenario.json', { turns: [{ text: 'ok' }, { tool_calls: [{ arguments: {} }] }] });
    const badConfigWorkspace = freshWorkspace('bad-config');
    writeFileSync(join(badConfigWorkspace, 'toolcell.config.json'), JSON.stringify({ tools: { mode: 'code_only' } }));
    const [scenario, config] = await Promise.all([
      runToolcell(['run', '--task', 'x', '-w', workspace, '--script', badScenario]),
      runToolcell(['inspect', '-w', badConfigWorkspace]),
    ]);
    expect(scenario.code).toBe(2);
    expect(scenario.stderr).toContain(`toolcell: ${badScenario} turns[1].tool_calls[0].name: must be a non-empty string.`);
    expect(config.code).toBe(2);
    expect(config.stderr).toContain('toolcell: tools.mode: "code_only" is not allowed; use one of "direct", "code_mode", "code_mode_only".');
  });
});

describe('toolcell run', () => {
  it('plays a scenario and prints the transcript as JSON Lines (exit 0)', async () => {
    const scenario = file('scenario.json', {
      turns: [
        { tool_calls: [{ id: 'find', name: 'search_text', arguments: { pattern: 'TODO\\(ben\\)' } }] },
        { tool_calls: [{ id: 'escape', name: 'read_file', arguments: { path: '../../etc/passwd' } }] },
        { text: 'Ben has two TODOs.' },
      ],
    });
    const result = await runToolcell(['run', '--task', 'find Ben', '-w', workspace, '--script', scenario, '--json']);
    expect(result.code).toBe(0);
    const lines = jsonLines(result.stdout);
    expect(lines.map((line) => line.type)).toEqual([
      'model_request', 'model_response', 'call_start', 'hook', 'hook', 'call_end',
      'model_request', 'model_response', 'call_start', 'hook', 'call_end',
      'model_request', 'model_response', 'final',
    ]);
    expect(lines[0]).toEqual({ type: 'model_request', turn: 1, mode: 'direct', tools: ['ask_user_question', 'get_context_remaining', 'list_files', 'read_file', 'search_text', 'write_file'] });
    expect(lines[10]).toMatchObject({ type: 'call_end', callId: 'escape', status: 'error', code: 'DENIED' });
    expect(lines.at(-1)).toMatchObject({ type: 'final', text: 'Ben has two TODOs.', turns: 3 });
  });

  it('prints progress on stderr and the answer on stdout, and exits 1 past --max-turns', async () => {
    const loop = file('loop.json', { turns: [{ tool_calls: [{ name: 'list_files' }] }, { tool_calls: [{ name: 'list_files' }] }] });
    const [ok, failed] = await Promise.all([
      runToolcell(['run', '--task', 'x', '-w', workspace, '--script', file('one.json', { turns: [{ text: 'hello' }] })]),
      runToolcell(['run', '--task', 'x', '-w', workspace, '--script', loop, '--max-turns', '1']),
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe('hello\n');
    expect(ok.stderr).toContain('turn 1: request to the model (6 tools declared)');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('toolcell: The model was still calling tools after 1 requests; raise --max-turns or simplify the task.');
  });
});

describe('toolcell run with cells', () => {
  it('push completion (the default): the model ends its turn, the loop waits for the cell and tells the model in one message', async () => {
    const program = 'yield_control();\nlet count = 0;\nfor (let index = 0; index < 10; index += 1) count += (await tools.list_files({ path: "docs" })).entries.length;\nreturn count;';
    const scenario = file('push.json', { turns: [{ tool_calls: [{ id: 'job', name: 'exec', input: program }] }, { text: 'Started the job.' }, { text: 'The job is done.' }] });
    const args = ['run', '--task', 'x', '-w', workspace, '--mode', 'code_mode_only', '--cells', '--script', scenario];
    const [json, text] = await Promise.all([runToolcell([...args, '--json']), runToolcell(args)]);
    expect(json.code, json.stderr).toBe(0);
    const lines = jsonLines(json.stdout);
    expect(lines.filter((line) => line.type === 'cell_wait')).toEqual([{ type: 'cell_wait', turn: 2, cellIds: ['1'] }]);
    expect(lines.filter((line) => line.type === 'cell_update')).toEqual([
      { type: 'cell_update', cellId: '1', status: 'completed', reasons: ['end'], message: expect.stringMatching(/^News from exec cell 1 .*\nScript completed in \d+ ms \(cell 1\)\.\nReturn value: \d+$/s) },
    ]);
    expect(lines.at(-1)).toMatchObject({ type: 'final', text: 'The job is done.', turns: 3 });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toContain('cells 1 still running: waiting for their news');
    expect(text.stderr).toContain('cell 1 completed: told the model in one message');
    expect(text.stderr).toMatch(/done after 3 model requests, \d+ tokens sent/);
  });
});

describe('toolcell inspect', () => {
  it('prints what the model would be sent, per mode and provider', async () => {
    const [codeOnly, anthropic] = await Promise.all([
      runToolcell(['inspect', '-w', workspace, '--mode', 'code_mode_only', '--json']),
      runToolcell(['inspect', '-w', workspace, '--provider', 'anthropic']),
    ]);
    expect(codeOnly.code).toBe(0);
    const report = JSON.parse(codeOnly.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ mode: 'code_mode_only', provider: 'scripted', tools: ['ask_user_question', 'exec'] });
    expect(report.declarations).toHaveLength(2);
    expect(report.execDescription).toContain('function read_file(');
    expect(report.promptSections).toContainEqual(expect.objectContaining({ id: 'tools:code-only' }));
    expect(anthropic.code).toBe(0);
    expect(anthropic.stdout).toContain('provider: anthropic (Anthropic Messages format)');
    expect(anthropic.stdout).toContain('"input_schema"');
    expect(anthropic.stdout).toContain('(exec is not declared in this mode)');
  });
});

describe('toolcell exec', () => {
  it('runs a program through the agent tools (exit 0), fails with exit 1, and rejects bad usage with 2', async () => {
    const good = file('good.js', 'const found = await tools.search_text({ pattern: "TODO\\\\(dana\\\\)" });\nreturn found.matches.length;');
    const bad = file('bad.js', 'await tools.list_files({});\nthrow new Error("boom");');
    // Programs boot a sandbox process each: run them two at a time on a shared machine.
    const [text, failed] = await Promise.all([
      runToolcell(['exec', good, '-w', workspace]),
      runToolcell(['exec', bad, '-w', workspace, '--json']),
    ]);
    const [json, missing] = await Promise.all([runToolcell(['exec', good, '-w', workspace, '--json']), runToolcell(['exec', '-w', workspace])]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Return value: 2');
    expect(text.stderr).toContain('▸ search_text exec_1:code:1');
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      status: 'ok',
      output: { result: { return_value: 2 } },
      calls: [{ callId: 'exec_1:code:1', name: 'search_text', source: 'code_mode', parentCallId: 'exec_1', status: 'ok' }],
    });
    expect(failed.code, failed.stderr).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({ status: 'error', code: 'EXEC_RUNTIME', calls: [{ name: 'list_files', status: 'ok' }] });
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim()).toBe('toolcell: FILE: is required; pass a program file, or - to read the program from stdin.');
  });
});

describe('toolcell exits only after its sandbox processes are reaped', () => {
  // Each run leads its own session: whatever it started (tsx's node, the sandbox pool's
  // child) stays in that session, zombies included, until it has exited and been reaped.
  // tsx's own esbuild service is left for init by tsx, which only these source runs use.
  const runAlone = async (args: readonly string[], options: ToolcellOptions = {}) => {
    const result = await runToolcell(args, { ...options, detached: true });
    return { ...result, left: processesInSession(result.pid).filter((process) => process.command !== 'esbuild') };
  };

  it('exec (a program that ran), run and inspect in code mode leave no process of their session behind', async () => {
    const program = file('tree.js', 'return (await tools.list_files({})).entries.length;');
    const answer = file('answer.json', { turns: [{ text: 'done' }] });
    const [exec, failed] = await Promise.all([
      runAlone(['exec', program, '-w', workspace]),
      runAlone(['exec', '-', '-w', workspace], { stdin: 'throw new Error("boom");' }),
    ]);
    const [run, inspect] = await Promise.all([
      runAlone(['run', '--task', 'x', '-w', workspace, '--mode', 'code_mode_only', '--script', answer]),
      runAlone(['inspect', '-w', workspace, '--mode', 'code_mode']),
    ]);
    expect(exec.code, exec.stderr).toBe(0);
    expect(exec.stdout).toContain('Return value: ');
    expect(failed.code, failed.stderr).toBe(1);
    expect(run.code, run.stderr).toBe(0);
    expect(inspect.code, inspect.stderr).toBe(0);
    for (const [name, result] of Object.entries({ exec, failed, run, inspect })) expect(result.left, name).toEqual([]);
  });
});

describe('toolcell mock-server', () => {
  it('serves a scenario that toolcell run reaches through the openai SDK, streamed and not, and records each body', async () => {
    const scenario = file('served.json', {
      turns: [
        { tool_calls: [{ id: 'list', name: 'list_files', arguments: { path: 'docs' } }] },
        { text: 'streamed answer' },
        { tool_calls: [{ id: 'read', name: 'read_file', arguments: { path: 'docs/roadmap.md' } }] },
        { text: 'plain answer' },
      ],
    });
    const record = join(root, 'requests.jsonl');
    const server = startToolcell(['mock-server', '--script', scenario, '--record', record]);
    try {
      const [, url] = await waitForLine(server, /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)\n/);
      const streamed = await runToolcell(['run', '--task', 'list docs', '-w', workspace, '--provider', 'openai-compatible', '--base-url', url!, '--json']);
      expect(streamed.code, streamed.stderr).toBe(0);
      const plain = await runToolcell(['run', '--task', 'read', '-w', workspace, '--provider', 'openai-compatible', '--base-url', url!, '--no-stream', '--json']);
      expect(plain.code, plain.stderr).toBe(0);
      expect(jsonLines(streamed.stdout).find((line) => line.type === 'call_end')).toMatchObject({ callId: 'list', name: 'list_files', status: 'ok' });
      expect(jsonLines(streamed.stdout).at(-1)).toMatchObject({ type: 'final', text: 'streamed answer', turns: 2 });
      expect(jsonLines(plain.stdout).at(-1)).toMatchObject({ type: 'final', text: 'plain answer', turns: 2 });
      const bodies = jsonLines(readFileSync(record, 'utf8')) as { path: string; body: { stream?: boolean; messages: { role: string; content?: unknown }[]; tools: { function: { name: string } }[] } }[];
      expect(bodies.map((entry) => [entry.path, entry.body.stream ?? false])).toEqual([
        ['/v1/chat/completions', true],
        ['/v1/chat/completions', true],
        ['/v1/chat/completions', false],
        ['/v1/chat/completions', false],
      ]);
      expect(bodies[0]!.body.tools.map((tool) => tool.function.name)).toEqual(['ask_user_question', 'get_context_remaining', 'list_files', 'read_file', 'search_text', 'write_file']);
      expect(bodies[1]!.body.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'list' });
    } finally {
      server.kill('SIGTERM');
    }
    const exit = await new Promise<number | null>((resolve) => (server.exitCode === null ? server.on('close', resolve) : resolve(server.exitCode)));
    expect(exit).toBe(0);
  });

  it('exits 2 for a malformed scenario', async () => {
    const malformed = file('malformed.json', { turns: [{ tool_calls: 'list_files' }] });
    const bad = await runToolcell(['mock-server', '--script', malformed]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`toolcell: ${malformed} turns[0].tool_calls: must be a non-empty list.`);
  });
});

describe('toolcell demo', () => {
  it('runs both modes and reports identical reports (exit 0)', async () => {
    const result = await runToolcell(['demo', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as { workspace: string; identical: boolean; runs: { mode: string; reportPath: string }[] };
    try {
      expect(summary.identical).toBe(true);
      expect(summary.runs.map((run) => run.mode)).toEqual(['direct', 'code_mode_only']);
      const [direct, code] = summary.runs.map((run) => readFileSync(run.reportPath, 'utf8'));
      expect(code).toBe(direct);
      expect(direct).toMatch(/^# TODO report\n/);
    } finally {
      if (existsSync(summary.workspace)) rmSync(summary.workspace, { recursive: true, force: true });
    }
  });
});
