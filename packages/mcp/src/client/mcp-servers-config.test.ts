import { homedir } from 'node:os';
import { join } from 'node:path';
import { ConfigurationError } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { connectMcpServers } from './connect-mcp-servers.js';
import { parseMcpServersConfig } from './mcp-servers-config.js';
import { defaultOAuthDirectory } from './oauth-token-store.js';

describe('parseMcpServersConfig', () => {
  it('accepts the desktop-client shape: stdio and HTTP entries', () => {
    const config = { files: { command: 'npx', args: ['-y', 'server'], env: { TOKEN: 'x' }, cwd: '/tmp' }, remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' } } };
    expect(parseMcpServersConfig(config)).toBe(config);
  });

  it.each([
    [[], 'mcpServers: expected an object'],
    [{ 'bad name': { command: 'x' } }, 'mcpServers.bad name: a server name may use only'],
    [{ both: { command: 'x', url: 'http://localhost' } }, 'mcpServers.both: give exactly one of'],
    [{ neither: {} }, 'mcpServers.neither: give exactly one of'],
    [{ files: { command: '' } }, 'mcpServers.files.command: expected a non-empty string'],
    [{ files: { command: 'x', args: [1] } }, 'mcpServers.files.args: expected an array of strings'],
    [{ files: { command: 'x', env: { A: 1 } } }, 'mcpServers.files.env: expected an object of string values'],
    [{ remote: { url: 'not a url' } }, 'mcpServers.remote.url: not a URL'],
    [{ remote: { url: 'https://a.example/mcp', oauth: true } }, 'mcpServers.remote.oauth: expected an object such as {}'],
    [{ remote: { url: 'https://a.example/mcp', oauth: { token: 'x' } } }, 'mcpServers.remote.oauth.token: is not an OAuth setting; use grant, clientId'],
    [{ remote: { url: 'https://a.example/mcp', oauth: { clientId: '' } } }, 'mcpServers.remote.oauth.clientId: expected a non-empty string'],
    [{ remote: { url: 'https://a.example/mcp', oauth: { grant: 'password' } } }, 'mcpServers.remote.oauth.grant: expected "authorization_code" or "client_credentials"'],
    [{ remote: { url: 'https://a.example/mcp', oauth: { redirectPort: 0 } } }, 'mcpServers.remote.oauth.redirectPort: expected a port from 1 to 65535'],
    [{ remote: { url: 'https://a.example/mcp', oauth: { issuer: 'nope' } } }, 'mcpServers.remote.oauth.issuer: not a URL: nope'],
    [{ remote: { url: 'https://a.example/mcp', oauth: { grant: 'client_credentials' } } }, "mcpServers.remote.oauth.clientId: client_credentials needs the pre-registered client's clientId"],
    [{ remote: { url: 'https://a.example/mcp', oauth: { grant: 'client_credentials', clientId: 'c' } } }, 'mcpServers.remote.oauth: client_credentials needs exactly one of clientSecret or privateKeyFile'],
    [{ remote: { url: 'https://a.example/mcp', oauth: { privateKeyFile: 'key.pem' } } }, 'mcpServers.remote.oauth.privateKeyFile: only applies with "grant": "client_credentials"'],
    [{ remote: { url: 'https://a.example/mcp', oauth: { clientSecret: 's' } } }, 'mcpServers.remote.oauth.clientSecret: needs the clientId it belongs to'],
  ])('rejects %j with a ConfigurationError naming the setting', (value, message) => {
    expect(() => parseMcpServersConfig(value)).toThrow(ConfigurationError);
    expect(() => parseMcpServersConfig(value)).toThrow(message);
  });

  it('accepts oauth on an HTTP entry: {} for a person signing in, a pre-registered client, client_credentials', () => {
    const config = {
      person: { url: 'https://a.example/mcp', oauth: {} },
      registered: { url: 'https://b.example/mcp', oauth: { clientId: 'toolcell', clientSecret: 's', issuer: 'https://auth.b.example', redirectPort: 33418, scope: 'mcp' } },
      robot: { url: 'https://c.example/mcp', oauth: { grant: 'client_credentials', clientId: 'ci', privateKeyFile: '/run/secrets/key.pem', signingAlgorithm: 'ES256' } },
    };
    expect(parseMcpServersConfig(config)).toBe(config);
  });

  it('defaultOAuthDirectory is $XDG_CONFIG_HOME/toolcell/oauth, else ~/.config/toolcell/oauth', () => {
    expect(defaultOAuthDirectory({ XDG_CONFIG_HOME: '/home/ada/.cfg' })).toBe(join('/home/ada/.cfg', 'toolcell', 'oauth'));
    if (process.platform !== 'win32') expect(defaultOAuthDirectory({})).toBe(join(homedir(), '.config', 'toolcell', 'oauth'));
  });

  it('connectMcpServers rejects a prefix that is not an identifier before starting anything', async () => {
    await expect(connectMcpServers({}, { registry: new ToolRegistry(), prefix: 'my-prefix' })).rejects.toThrow('mcp.prefix: expected a JavaScript identifier');
  });
});
