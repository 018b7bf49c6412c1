// toolcell's MCP client under the conformance suite: `conformance client --command "…"`
// runs this with the scenario's server URL as the last argument and the scenario's name in
// MCP_CONFORMANCE_SCENARIO. It imports the server the way the agent does
// (connectMcpServers into a registry) and calls every imported tool through a ToolRuntime,
// as a program's calls would run. The host's user accepts every elicitation without filling
// anything in, so the form's defaults apply (SEP-1034); the roots are this directory.
// OAuth as a user configures it: a pre-registered client when the scenario hands one over in
// MCP_CONFORMANCE_CONTEXT (client_credentials with a secret or a private key, or a client
// for the authorization code flow), otherwise a person signing in, whose browser is a fetch
// that follows the authorization server's redirects to toolcell's loopback address. Tokens
// go to a scratch directory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import type { JsonObject, JsonSchema } from '@toolcell/core';
import type { McpOAuthConfig } from '@toolcell/mcp';
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

interface ScenarioContext {
  readonly name?: string;
  readonly client_id?: string;
  readonly client_secret?: string;
  readonly private_key_pem?: string;
  readonly signing_algorithm?: string;
}

const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '?';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as ScenarioContext;
const oauthDirectory = mkdtempSync(join(tmpdir(), 'toolcell-conformance-oauth-'));

/** The entry's oauth, as a user would write it for this server. */
function oauthConfig(): McpOAuthConfig {
  // A client-id metadata document, used where the authorization server supports them (SEP-991).
  const clientMetadataUrl = 'https://conformance-test.local/client-metadata.json';
  if (context.client_id === undefined) return { clientMetadataUrl };
  if (scenario.startsWith('auth/client-credentials')) {
    if (context.private_key_pem === undefined) return { grant: 'client_credentials', clientId: context.client_id, clientSecret: context.client_secret };
    const privateKeyFile = join(oauthDirectory, 'client-key.pem');
    writeFileSync(privateKeyFile, context.private_key_pem, { mode: 0o600 });
    return { grant: 'client_credentials', clientId: context.client_id, privateKeyFile, signingAlgorithm: context.signing_algorithm };
  }
  return { clientId: context.client_id, clientSecret: context.client_secret };
}

/** The person's browser: open the sign-in page and follow its redirects (to toolcell's loopback address). */
async function openInBrowser(request: { readonly url: string }): Promise<void> {
  const response = await fetch(request.url);
  await response.body?.cancel();
}

const registry = new ToolRegistry({ mode: 'direct' });
const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'approve' }) } });
const servers = await connectMcpServers(
  { conformance: { url, oauth: oauthConfig() } },
  {
    registry,
    restart: false,
    clientInfo: { name: 'toolcell-conformance-client', version: '0.0.0' },
    elicit: () => Promise.resolve({ action: 'accept', content: {} }),
    roots: [{ uri: pathToFileURL(process.cwd()).href, name: 'workspace' }],
    authorize: openInBrowser,
    oauthDirectory,
  },
);
const [status] = servers.status();
process.stderr.write(`${scenario}: ${status?.state ?? 'no server'}${status?.error === undefined ? '' : ` (${status.error})`}\n`);
let calls = 0;
for (const tool of registry.list()) {
  calls += 1;
  const outcome = await runtime.dispatch({ name: tool.name, args: tool.kind === 'function' ? sampleArgs(tool.inputSchema) : '', callId: `conformance_${calls}`, scope: registry.root });
  process.stderr.write(`${tool.name}: ${outcome.status}${outcome.status === 'ok' ? '' : ` ${outcome.message}`}\n`);
}
await servers.close();
rmSync(oauthDirectory, { recursive: true, force: true });
process.exit(status?.state === 'ready' ? 0 : 1);
