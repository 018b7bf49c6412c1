import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PROJECT_DIRECTORY } from '../demo/run-demo.js';
import { NO_SCRIPT_TEXT } from '../commands/run-command.js';
import { runCliCaptured } from '../test-support/run-cli-captured.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'toolcell-cli-'));
  cpSync(SAMPLE_PROJECT_DIRECTORY, join(root, 'workspace'), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const cli = (args: string[], options: { stdin?: string; environment?: NodeJS.ProcessEnv } = {}) => runCliCaptured(args, { cwd: join(root, 'workspace'), ...options });

describe('runCli', () => {
  it('prints help for no command, help, help COMMAND and --help', async () => {
    expect((await cli([])).stdout).toMatch(/^toolcell — an agent/);
    expect(await cli(['help', 'exec'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: toolcell exec FILE\|-/) });
    expect(await cli(['mock-server', '--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: toolcell mock-server --script FILE/) });
    expect(await cli(['help', 'nothing'])).toMatchObject({ code: 2, stdout: expect.stringMatching(/^toolcell — an agent/) });
  });

  it.each([
    [['run', '--json=1'], 'toolcell: --json: does not take an argument; see toolcell run --help.'],
    [['run', '--task'], 'toolcell: --task: argument missing; see toolcell run --help.'],
    [['inspect', 'extra'], 'toolcell: extra: is an unexpected argument for toolcell inspect; see toolcell inspect --help.'],
    [['run', '--task', ' '], 'toolcell: --task: is required; say what the agent should do, e.g. --task "list the files".'],
    [['run', '--task', 'x', '--approve', 'maybe'], 'toolcell: --approve: "maybe" is not allowed; use one of ask, all, none.'],
    [['run', '--task', 'x', '--provider', 'openai-compatible'], 'toolcell: --base-url: is required with --provider openai-compatible; pass the server URL, e.g. http://127.0.0.1:8080/v1.'],
    [['run', '--task', 'x', '--provider', 'anthropic', '--script', 's.json'], 'toolcell: --script: plays a scenario for the scripted model only; drop it or use --provider scripted (not anthropic).'],
    [['run', '--task', 'x', '--script', 'missing.json'], /^toolcell: --script: cannot read .*missing\.json \(ENOENT/],
    [['run', '--task', 'x', '--config', 'nope.json'], /^toolcell: --config: .*nope\.json does not exist; pass the path of a toolcell\.config\.json file\.$/],
    [['run', '--resume', 'run-1'], 'toolcell: --resume: needs --store: the store of the run whose program waited for approvals.'],
    [['run', '--resume', 'run-1', '--task', 'x'], 'toolcell: --task: does not go with --resume: the resumed run goes on with the task it was given.'],
    [['run', '--task', 'x', '--store', 'cells'], 'toolcell: --store: needs a code mode (--mode code_mode or code_mode_only): only programs wait in a store for approvals, and direct runs none.'],
    [['run', '--resume', '../x', '--store', 'cells', '--mode', 'code_mode_only'], 'toolcell: --resume: "../x" is not a session id; use the one the run printed (e.g. run-20261202-031500-a1b2c3).'],
    [['run', '--resume', 'run-nope', '--store', 'cells', '--mode', 'code_mode_only'], /^toolcell: --resume: no run saved session "run-nope" in .*cells\/sessions \(ENOENT\); pass the session id and --store of the run that waited for approvals\.$/],
    [['exec', 'nope.js'], /^toolcell: nope\.js: cannot be read \(ENOENT.*\); pass a program file, or - for stdin\.$/],
  ])('%j exits 2 with a message naming the flag', async (args, message) => {
    const result = await cli(args);
    expect(result.code).toBe(2);
    if (typeof message === 'string') expect(result.stderr).toBe(message);
    else expect(result.stderr).toMatch(message);
  });

  it.each([
    ['openai', 'OPENAI_API_KEY: is not set, and --provider openai needs it; export OPENAI_API_KEY with your API key, or use --provider scripted.'],
    ['openai-responses', 'OPENAI_API_KEY: is not set, and --provider openai-responses needs it; export OPENAI_API_KEY with your API key, or use --provider scripted.'],
    ['anthropic', 'ANTHROPIC_API_KEY: is not set, and --provider anthropic needs it; export ANTHROPIC_API_KEY with your API key, or use --provider scripted.'],
    ['gemini', 'GEMINI_API_KEY: is not set, and --provider gemini needs it; export GEMINI_API_KEY or GOOGLE_API_KEY with your API key, or use --provider scripted.'],
  ])('--provider %s without its API key fails fast (exit 2)', async (provider, message) => {
    expect(await cli(['run', '--task', 'x', '--provider', provider])).toEqual({ code: 2, stdout: '', stderr: `toolcell: ${message}` });
  });

  it('without a scenario, the scripted model says how to give it one', async () => {
    const result = await cli(['run', '--task', 'x']);
    expect(result).toMatchObject({ code: 0, stdout: `${NO_SCRIPT_TEXT}\n` });
  });

  it('exits 1 when the provider cannot be reached', async () => {
    const result = await cli(['run', '--task', 'x', '--provider', 'openai-compatible', '--base-url', 'http://127.0.0.1:9/v1', '--no-stream']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\ntoolcell: The openai-compatible model request failed: Connection error\.$/);
  });

  it('rejects a mock-server port that is not a number, and one in use', async () => {
    writeFileSync(join(root, 'workspace', 'empty.json'), '{"turns":[]}');
    expect((await cli(['mock-server', '--script', 'empty.json', '--port', '70000'])).stderr).toBe(
      'toolcell: --port: "70000" is not a port; use a whole number from 0 (any free port) to 65535.',
    );
    const { createServer } = await import('node:net');
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      expect(await cli(['mock-server', '--script', 'empty.json', '--port', String(port)])).toMatchObject({
        code: 2,
        stderr: `toolcell: --port: ${port} is in use on 127.0.0.1; pick another port or omit --port.`,
      });
    } finally {
      busy.close();
    }
  });

  it('prints the mock server URL and stops when asked', async () => {
    const result = await cli(['mock-server', '--script', 'empty.json']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^toolcell mock-server listening on http:\/\/127\.0\.0\.1:\d+\/v1\n$/);
    expect(result.stderr).toBe('toolcell mock-server stopped after 0 requests');
  });

  it('runs a program from stdin in code_mode_only', async () => {
    const result = await cli(['exec', '-', '--json'], { stdin: 'return (await tools.list_files({ path: "docs" })).entries.map((entry) => entry.path);' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'ok', output: { result: { return_value: ['docs/roadmap.md'] } } });
  });

  it('exec ends, and exits 1, when a program writes to a FIFO in the workspace (nothing waits for a reader)', async () => {
    const workspace = join(root, 'fifo-workspace');
    mkdirSync(workspace);
    execFileSync('mkfifo', [join(workspace, 'pipe')]);
    const program = 'await tools.write_file({ path: "pipe", content: "x" });';
    const result = await cli(['exec', '-', '--json', '--approve', 'all', '-w', workspace], { stdin: program });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'error', calls: [{ name: 'write_file', status: 'error', message: 'pipe exists and is not a file.' }] });
  });

  it('with a store, a run that fails (max turns) while its program waits for approvals still saves its conversation to resume', async () => {
    const program = 'await tools.write_file({ path: "w.txt", content: "w" }); return "written";';
    writeFileSync(join(root, 'workspace', 'waits.json'), JSON.stringify({ turns: [{ tool_calls: [{ id: 'w', name: 'exec', input: program }] }] }));
    const store = join(root, 'failed-run-store');
    const result = await cli(['run', '--task', 'x', '--mode', 'code_mode_only', '--store', store, '--max-turns', '1', '--script', 'waits.json', '--json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('toolcell: The model was still calling tools after 1 requests; raise --max-turns or simplify the task.');
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { type: string; session: string; approvals: unknown[] };
    expect(last).toMatchObject({ type: 'approvals_pending', approvals: [{ toolName: 'write_file', args: 'path: "w.txt"\ncontent: "w"' }] });
    expect(existsSync(join(store, 'sessions', `${last.session}.json`))).toBe(true);
  });

  describe('MCP servers a workspace configures', () => {
    // The server leaves a mark outside the workspace when it starts, then exits (so it also fails to start as an MCP server).
    function hostileWorkspace(name: string): { workspace: string; mark: string; config: string } {
      const workspace = join(root, name);
      mkdirSync(workspace);
      const mark = join(root, `${name}.started`);
      const config = JSON.stringify({ mcpServers: { h: { command: 'sh', args: ['-c', `touch '${mark}'`] } } });
      writeFileSync(join(workspace, 'toolcell.config.json'), config);
      return { workspace, mark, config };
    }

    it('inspect, exec and run start none of them without consent, and say how to consent', async () => {
      const { workspace, mark } = hostileWorkspace('held');
      const inspected = await cli(['inspect', '--workspace', workspace]);
      expect(inspected.code).toBe(0);
      expect(inspected.stdout).toContain(`== MCP servers ==\nh: not started: it comes from ${join(workspace, 'toolcell.config.json')}, inside the workspace, and would run "sh -c touch '${mark}'"; rerun with --trust-workspace-servers`);
      const report = JSON.parse((await cli(['inspect', '--json', '-w', workspace])).stdout) as { mcpServers: unknown[]; mcpServersNotStarted: unknown[] };
      expect(report).toMatchObject({ mcpServers: [], mcpServersNotStarted: [{ name: 'h', message: expect.stringContaining('--trust-workspace-servers') }] });
      const executed = await cli(['exec', '-', '--json', '-w', workspace], { stdin: 'return 1;' });
      expect(executed.code).toBe(0);
      expect(JSON.parse(executed.stdout)).toMatchObject({ status: 'ok', mcpServers: [{ name: 'h', state: 'not_started' }] });
      expect(executed.stderr).toMatch(/^mcp server h: not started: .*--trust-workspace-servers/);
      const ran = await cli(['run', '--task', 'x', '--json', '-w', workspace]);
      expect(ran.stdout.split('\n').filter((line) => line.includes('"mcp_server"')).map((line) => JSON.parse(line))).toEqual([
        { type: 'mcp_server', name: 'h', state: 'not_started', message: expect.stringContaining('--trust-workspace-servers') },
      ]);
      const served = await cli(['mcp-server', '-w', workspace]);
      expect(served).toMatchObject({ code: 0, stdout: '', stderr: expect.stringMatching(/^mcp server h: not started: /) });
      expect(existsSync(mark)).toBe(false);
    });

    it('--trust-workspace-servers or a --config outside the workspace starts them; one that fails to start is reported on stderr and in --json', async () => {
      const trusted = hostileWorkspace('trusted');
      const executed = await cli(['exec', '-', '--json', '--trust-workspace-servers', '-w', trusted.workspace], { stdin: 'return 1;' });
      expect(existsSync(trusted.mark)).toBe(true);
      expect(JSON.parse(executed.stdout)).toMatchObject({ status: 'ok', mcpServers: [{ name: 'h', state: 'failed', message: expect.stringMatching(/^failed to start \(.+\); its tools \(mcp__h__…\) are not available\.$/) }] });
      expect(executed.stderr).toMatch(/^mcp server h: failed to start \(/);
      const text = await cli(['exec', '-', '--trust-workspace-servers', '-w', trusted.workspace], { stdin: 'return 1;' });
      expect(text.stderr).toMatch(/^mcp server h: failed to start \(/);

      const outside = hostileWorkspace('outside');
      rmSync(join(outside.workspace, 'toolcell.config.json'));
      writeFileSync(join(root, 'outside.config.json'), outside.config);
      await cli(['inspect', '-w', outside.workspace, '--config', join(root, 'outside.config.json')]);
      expect(existsSync(outside.mark)).toBe(true);
    });
  });
});
