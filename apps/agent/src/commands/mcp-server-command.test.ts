import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../test-support/run-cli-captured.js';
import { serveMcpHttp } from '../test-support/serve-mcp-http.js';

// `toolcell mcp-server --http 0` with real SDK clients: one that declares elicitation and one that does not.
describe('toolcell mcp-server --http', () => {
  const server = serveMcpHttp({ prefix: 'toolcell-mcp-server-' });
  const questions: string[] = [];

  async function connect(elicitation: boolean): Promise<Client> {
    const client = new Client({ name: 'agent-test', version: '1' }, { capabilities: elicitation ? { elicitation: { form: {} } } : {} });
    if (elicitation) {
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        questions.push(request.params.message);
        return { action: 'accept', content: { answer: 'blue' } };
      });
    }
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url())));
    server.onClose(() => client.close());
    return client;
  }

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
  // The store sits beside the workspace, as a user's does.
  const server = serveMcpHttp({ prefix: 'toolcell-mcp-store-', flags: (directory) => ['--store', join(directory, 'store')] });
  let workspace: string;
  let store: string;
  let client: Client;

  beforeAll(async () => {
    workspace = server.workspace();
    store = join(workspace, '..', 'store');
    client = new Client({ name: 'agent-test', version: '1' }, { capabilities: {} });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url())));
    server.onClose(() => client.close());
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

    expect((await runCliCaptured(['approvals', 'approve', id, '--store', store], { cwd: workspace })).code).toBe(0);
    const waited = await client.callTool({ name: 'wait', arguments: { cell_id: result.cell_id } });
    expect(waited.structuredContent).toMatchObject({ status: 'completed', return_value: 'written' });
    expect(readFileSync(join(workspace, 'note.txt'), 'utf8')).toBe('hi');
  });
});
