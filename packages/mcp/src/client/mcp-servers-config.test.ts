import { ConfigurationError } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { connectMcpServers } from './connect-mcp-servers.js';
import { parseMcpServersConfig } from './mcp-servers-config.js';

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
  ])('rejects %j with a ConfigurationError naming the setting', (value, message) => {
    expect(() => parseMcpServersConfig(value)).toThrow(ConfigurationError);
    expect(() => parseMcpServersConfig(value)).toThrow(message);
  });

  it('connectMcpServers rejects a prefix that is not an identifier before starting anything', async () => {
    await expect(connectMcpServers({}, { registry: new ToolRegistry(), prefix: 'my-prefix' })).rejects.toThrow('mcp.prefix: expected a JavaScript identifier');
  });
});
