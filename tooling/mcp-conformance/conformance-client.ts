// toolcell's MCP client under the conformance suite: `conformance client --command "…"`
// runs this with the scenario's server URL as the last argument and the scenario's name in
// MCP_CONFORMANCE_SCENARIO. It imports the server the way the agent does
// (connectMcpServers into a registry) and calls every imported tool through a ToolRuntime,
// as a program's calls would run. The host's user accepts every elicitation without filling
// anything in, so the form's defaults apply (SEP-1034); the roots are this directory.
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import type { JsonObject, JsonSchema } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { connectMcpServers } from '@toolcell/mcp/node';
import { ToolRegistry } from '@toolcell/registry';

const url = process.argv.at(-1);
if (url === undefined || !URL.canParse(url)) {
  process.stderr.write('usage: conformance-client.ts <server-url>\n');
  process.exit(2);
}

/** Arguments that satisfy a simple input schema: 1 for numbers, "x" for strings. */
function sampleArgs(schema: JsonSchema | undefined): JsonObject {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const args: Record<string, JsonObject[string]> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'number' || property.type === 'integer') args[name] = 1;
    else if (property.type === 'boolean') args[name] = true;
    else if (property.type === 'string') args[name] = 'x';
  }
  return args;
}

const registry = new ToolRegistry({ mode: 'direct' });
const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'approve' }) } });
const servers = await connectMcpServers(
  { conformance: { url } },
  {
    registry,
    restart: false,
    clientInfo: { name: 'toolcell-conformance-client', version: '0.0.0' },
    elicit: () => Promise.resolve({ action: 'accept', content: {} }),
    roots: [{ uri: pathToFileURL(process.cwd()).href, name: 'workspace' }],
  },
);
const [status] = servers.status();
process.stderr.write(`${process.env.MCP_CONFORMANCE_SCENARIO ?? '?'}: ${status?.state ?? 'no server'}${status?.error === undefined ? '' : ` (${status.error})`}\n`);
let calls = 0;
for (const tool of registry.list()) {
  calls += 1;
  const outcome = await runtime.dispatch({ name: tool.name, args: tool.kind === 'function' ? sampleArgs(tool.inputSchema) : '', callId: `conformance_${calls}`, scope: registry.root });
  process.stderr.write(`${tool.name}: ${outcome.status}${outcome.status === 'ok' ? '' : ` ${outcome.message}`}\n`);
}
await servers.close();
process.exit(status?.state === 'ready' ? 0 : 1);
