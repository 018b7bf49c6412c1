import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config/load-config.js';

// An mcpServers entry's oauth, as toolcell.config.json takes it (the schema) and @toolcell/mcp reads it.
describe('mcpServers.<name>.oauth in toolcell.config.json', () => {
  it('accepts a person signing in, a pre-registered client and client_credentials', () => {
    const config = {
      mcpServers: {
        person: { url: 'https://a.example/mcp', oauth: {} },
        registered: { url: 'https://b.example/mcp', oauth: { clientId: 'toolcell', clientSecret: 's', issuer: 'https://auth.b.example', redirectPort: 33418, scope: 'mcp', clientMetadataUrl: 'https://toolcell.example/client.json' } },
        robot: { url: 'https://c.example/mcp', oauth: { grant: 'client_credentials', clientId: 'ci', privateKeyFile: '/run/secrets/key.pem', signingAlgorithm: 'ES256' } },
      },
    };
    expect(parseConfig(config)).toBe(config);
  });

  it('refuses an unknown oauth setting', () => {
    expect(() => parseConfig({ mcpServers: { remote: { url: 'https://a.example/mcp', oauth: { token: 'x' } } } })).toThrow(expect.objectContaining({ code: 'INVALID_CONFIGURATION', message: expect.stringMatching(/^mcpServers\.remote\./) }));
  });
});
