// toolcell's MCP server (the code the `toolcell mcp-server --http` command runs:
// createCodeModeMcpServer over serveStreamableHttp, approvals by elicitation) serving the
// conformance suite's fixture tools under the suite's names, in `code_mode` so they are
// listed beside `exec`. Prints its URL on stdout; runs until stdin ends or SIGTERM.
import process from 'node:process';
import { CodeMode } from '@toolcell/codemode';
import type { FunctionToolDefinition, JsonSchema } from '@toolcell/core';
import { textOutput, toolOutput } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import type { CodeModeMcpServer } from '@toolcell/mcp';
import { ElicitationApproval, createCodeModeMcpServer } from '@toolcell/mcp';
import { connectMcpServers, serveStreamableHttp } from '@toolcell/mcp/node';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { serveNotifyingServer } from './imported-fixture-server.js';

// 1×1 red PNG and a 1-sample WAV, as the suite's notes ask.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA==';
const noInput: JsonSchema = { type: 'object', properties: {} };

let server: CodeModeMcpServer | undefined;

function tool(name: string, execute: FunctionToolDefinition['execute'], inputSchema: JsonSchema = noInput): FunctionToolDefinition {
  return { kind: 'function', name, description: `Conformance fixture ${name}.`, inputSchema, readOnly: true, needsApproval: false, execute };
}

const tools: FunctionToolDefinition[] = [
  tool('test_simple_text', () => textOutput('This is a simple text response for testing.')),
  tool('test_image_content', () => toolOutput({ result: { image: 'image/png' }, wire: [{ type: 'image', mimeType: 'image/png', data: PNG }] })),
  tool('test_audio_content', () => toolOutput({ result: { audio: 'audio/wav' }, wire: [{ type: 'audio', mimeType: 'audio/wav', data: WAV }] })),
  tool('test_embedded_resource', () =>
    toolOutput({
      result: { resource: 'test://embedded-resource' },
      wire: [{ type: 'resource', uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' }],
    }),
  ),
  tool('test_multiple_content_types', () =>
    toolOutput({
      result: { parts: 3 },
      wire: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', mimeType: 'image/png', data: PNG },
        { type: 'resource', uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' },
      ],
    }),
  ),
  tool('test_error_handling', () => {
    throw new Error('This tool intentionally returns an error for testing');
  }),
  // A toolcell tool has no MCP session of its own: no sampling. Logging and progress come
  // from an imported server (below), whose notifications toolcell passes on.
  tool('test_sampling', () => textOutput('sampling is not available to toolcell tools'), { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] }),
  // The client's user is asked the way ask_user_question asks: an elicitation on the calling session.
  tool(
    'test_elicitation',
    async (input, context) => {
      const answer = await server?.askClient({ callId: context.callId, question: String(input.message), signal: context.signal });
      return textOutput(answer === undefined ? 'User did not answer.' : `User answered: ${answer}`);
    },
    { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  ),
  tool('json_schema_2020_12_tool', () => textOutput('ok'), {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: { address: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } } },
    properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
    additionalProperties: false,
  }),
];

// The logging and progress tools run in an imported MCP server; served under the suite's
// names, each calls its imported tool with the client's call (its id, so the imported
// server's notifications about it reach that client).
const notifying = await serveNotifyingServer();
const importedRegistry = new ToolRegistry({ mode: 'direct' });
const imported = await connectMcpServers({ notifying: { url: notifying.url } }, { registry: importedRegistry });
for (const name of ['test_tool_with_logging', 'test_tool_with_progress']) {
  const importedTool = importedRegistry.get(`mcp__notifying__${name}`);
  if (importedTool?.kind !== 'function') throw new Error(`the notifying server did not offer ${name}: ${JSON.stringify(imported.status())}`);
  tools.push(tool(name, (input, context) => importedTool.execute(input, context)));
}

const registry = new ToolRegistry({ mode: 'code_mode' });
for (const definition of tools) registry.register(definition);
const approval = new ElicitationApproval();
const runtime = new ToolRuntime({ registry, approval });
const transport = createInProcessTransport();
const codeMode = new CodeMode({ registry, runtime, transport });
codeMode.install();
server = createCodeModeMcpServer({ registry, runtime, codeMode, approval, importedServers: imported, serverInfo: { name: 'toolcell-conformance-fixture', version: '0.0.0' } });
const endpoint = await serveStreamableHttp(server, { port: 0 });
process.stdout.write(`${endpoint.url}\n`);

const stop = async (): Promise<void> => {
  await endpoint.close();
  await imported.close();
  await notifying.close();
  await codeMode.shutdown();
  await transport.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop()).resume();
