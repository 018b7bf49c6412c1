import { jsonOutput } from '@toolcell/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeModeParts } from '../test-support/code-mode-parts.js';
import type { CodeModeMcpServer } from './create-code-mode-mcp-server.js';
import { createCodeModeMcpServer } from './create-code-mode-mcp-server.js';

describe('a tool that asks the client user (ask_user_question), served with elicitationTools', () => {
  const { registry, runtime, codeMode, shutdown } = codeModeParts('code_mode_only');
  let server: CodeModeMcpServer;
  const clients: Client[] = [];
  const asked: Array<ElicitRequest['params']> = [];

  async function connect(elicitation: boolean): Promise<Client> {
    const client = new Client({ name: 'test', version: '1' }, { capabilities: elicitation ? { elicitation: { form: {} } } : {} });
    if (elicitation) {
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(request.params);
        return { action: 'accept', content: { answer: 'blue' } };
      });
    }
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    clients.push(client);
    return client;
  }

  beforeAll(() => {
    registry.register({ kind: 'function', name: 'shout', description: 'Upper-cases.', inputSchema: { type: 'object' }, execute: () => jsonOutput('HI') });
    registry.register({
      kind: 'function',
      name: 'ask_user_question',
      description: 'Ask the person.',
      inputSchema: { type: 'object', properties: { question: { type: 'string' }, options: { type: 'array', items: { type: 'string' } } }, required: ['question'] },
      execute: async (input, context) => {
        const answer = await server.askClient({ callId: context.callId, question: String(input.question), options: (input.options as string[] | undefined) ?? [], signal: context.signal });
        return jsonOutput({ answered: answer !== undefined, answer: answer ?? null });
      },
    });
    codeMode.install();
    server = createCodeModeMcpServer({ registry, runtime, codeMode, elicitationTools: ['ask_user_question'] });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.close();
    await shutdown();
  });

  it('is listed to a client that declares elicitation and puts the question to its user', async () => {
    const client = await connect(true);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['ask_user_question', 'exec']);
    const result = await client.callTool({ name: 'ask_user_question', arguments: { question: 'Which colour?', options: ['red', 'blue'] } });
    expect(result).toMatchObject({ structuredContent: { answered: true, answer: 'blue' } });
    expect(asked).toEqual([
      expect.objectContaining({ message: 'Which colour?', requestedSchema: expect.objectContaining({ properties: { answer: { type: 'string', title: 'Answer', description: 'Suggested: red / blue' } } }) }),
    ]);
  });

  it('is not listed to a client without elicitation, and a call of it is refused with the reason', async () => {
    const client = await connect(false);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['exec']);
    const result = await client.callTool({ name: 'ask_user_question', arguments: { question: 'Which colour?' } });
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: '"ask_user_question" asks the client\'s user, and this client does not support elicitation; it is not available here.' }] });
  });

  it('askClient answers undefined for a call that is not running', async () => {
    expect(await server.askClient({ callId: 'no-such-call', question: 'anyone?' })).toBeUndefined();
  });
});
