import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../cli/cli-io.js';
import { runCli } from '../cli/run-cli.js';

// `toolcell mcp-server --http 0` with real SDK clients: one that declares elicitation and one that does not.
describe('toolcell mcp-server --http', () => {
  let workspace: string;
  let url: string;
  let stop: () => void = () => undefined;
  let served: Promise<number>;
  const clients: Client[] = [];
  const questions: string[] = [];

  async function connect(elicitation: boolean): Promise<Client> {
    const client = new Client({ name: 'agent-test', version: '1' }, { capabilities: elicitation ? { elicitation: { form: {} } } : {} });
    if (elicitation) {
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        questions.push(request.params.message);
        return { action: 'accept', content: { answer: 'blue' } };
      });
    }
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'toolcell-mcp-server-'));
    const stderr = new PassThrough();
    const listening = new Promise<string>((resolve) => {
      let text = '';
      stderr.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        const match = /listening on (\S+)/.exec(text);
        if (match) resolve(match[1]!);
      });
    });
    const stdin = new PassThrough();
    const io: CliIo = { stdout: new PassThrough(), stderr, stdin, cwd: workspace, environment: {} };
    served = runCli(['mcp-server', '--http', '0', '-w', workspace], io, { stop: new Promise((resolve) => (stop = () => resolve(undefined))) });
    url = await listening;
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    stop();
    expect(await served).toBe(0);
    rmSync(workspace, { recursive: true, force: true });
  });

  it('lists ask_user_question to a client that declares elicitation, and puts the question to its user', async () => {
    const client = await connect(true);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('ask_user_question');
    const result = await client.callTool({ name: 'ask_user_question', arguments: { question: 'Which colour?', options: ['red', 'blue'] } });
    expect(result).toMatchObject({ structuredContent: { answered: true, answer: 'blue' }, content: [{ type: 'text', text: 'The user answered: blue' }] });
    expect(questions).toEqual(['Which colour?']);
  });

  it('does not list ask_user_question to a client without elicitation', async () => {
    const client = await connect(false);
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('ask_user_question');
  });

  it("denies a write for a client that cannot be asked, saying what the MCP user can do (the server's --approve setting)", async () => {
    const client = await connect(false);
    const result = await client.callTool({
      name: 'exec',
      arguments: { code: 'try { await tools.write_file({ path: "note.txt", content: "hi" }); return "written"; } catch (error) { return error.message; }' },
    });
    const message = String((result.structuredContent as { return_value?: unknown }).return_value);
    expect(message).toContain('write_file needs approval, and this MCP client cannot be asked (it does not support elicitation)');
    expect(message).toContain('--approve all');
    expect(message).not.toContain('no terminal');
  });
});

// With --store, a client that cannot be asked gets the pending approvals in the exec answer, and how to decide them.
describe('toolcell mcp-server --http --store', () => {
  let workspace: string;
  let store: string;
  let url: string;
  let stop: () => void = () => undefined;
  let served: Promise<number>;
  let client: Client;

  async function cli(args: string[]): Promise<{ code: number; stdout: string }> {
    const stdout = new PassThrough();
    let out = '';
    stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const stdin = new PassThrough();
    stdin.end('');
    const code = await runCli(args, { stdout, stderr: new PassThrough(), stdin, cwd: workspace, environment: {} });
    return { code, stdout: out };
  }

  beforeAll(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'toolcell-mcp-store-'));
    store = join(workspace, '..', `${workspace.split('/').at(-1)}-store`);
    const stderr = new PassThrough();
    const listening = new Promise<string>((resolve) => {
      let text = '';
      stderr.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        const match = /listening on (\S+)/.exec(text);
        if (match) resolve(match[1]!);
      });
    });
    const stdin = new PassThrough();
    const io: CliIo = { stdout: new PassThrough(), stderr, stdin, cwd: workspace, environment: {} };
    served = runCli(['mcp-server', '--http', '0', '-w', workspace, '--store', store], io, { stop: new Promise((resolve) => (stop = () => resolve(undefined))) });
    url = await listening;
    client = new Client({ name: 'agent-test', version: '1' }, { capabilities: {} });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  }, 60_000);
  afterAll(async () => {
    await client.close();
    stop();
    expect(await served).toBe(0);
    rmSync(workspace, { recursive: true, force: true });
    rmSync(store, { recursive: true, force: true });
  });

  it('answers exec with the pending approvals and the command that decides them; wait goes on once they are decided', async () => {
    const answer = await client.callTool({ name: 'exec', arguments: { code: 'await tools.write_file({ path: "note.txt", content: "hi" }); return "written";' } });
    const result = answer.structuredContent as { status: string; cell_id: string; pending_approvals: { approval_id: string; tool_name: string; args: string }[] };
    expect(result).toMatchObject({ status: 'awaiting_approval', pending_approvals: [{ tool_name: 'write_file', args: 'path: "note.txt"\ncontent: "hi"' }] });
    const id = result.pending_approvals[0]!.approval_id;
    const text = (answer.content as { type: string; text: string }[]).map((part) => part.text).join('\n');
    expect(text).toContain(`Ask the user to run, in a terminal: toolcell approvals approve ${id} --store ${store}`);
    expect(text).toContain(`call wait with cell_id "${result.cell_id}"`);
    expect(text).not.toContain('--approve all');
    expect(text).not.toContain('no terminal');
    expect(existsSync(join(workspace, 'note.txt'))).toBe(false);

    expect((await cli(['approvals', 'approve', id, '--store', store])).code).toBe(0);
    const waited = await client.callTool({ name: 'wait', arguments: { cell_id: result.cell_id } });
    expect(waited.structuredContent).toMatchObject({ status: 'completed', return_value: 'written' });
    expect(readFileSync(join(workspace, 'note.txt'), 'utf8')).toBe('hi');
  });
});
