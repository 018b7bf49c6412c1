import { describe, expect, it } from 'vitest';
import { PROVIDER_NAMES } from '../config/toolcell-config.js';
import { createModelClient } from './create-model-client.js';
import { PROVIDERS } from './providers.js';

const responder = () => ({ index: undefined, text: 'done', toolCalls: [] });

describe('the PROVIDERS table', () => {
  it('has one row per provider choice, and nothing else', () => {
    expect(Object.keys(PROVIDERS).sort()).toEqual([...PROVIDER_NAMES].sort());
  });

  it.each(Object.entries(PROVIDERS).filter(([, entry]) => entry.apiKeyRequired))('%s fails fast without its key, naming every variable it reads', async (provider, entry) => {
    await expect(createModelClient({ settings: { provider: provider as never, model: undefined, baseUrl: undefined }, responder, environment: {} })).rejects.toMatchObject({
      code: 'INVALID_CONFIGURATION',
      setting: entry.apiKeyVariables[0],
      message: expect.stringContaining(entry.apiKeyVariables.join(' or ')),
    });
  });

  it('takes the default model from the row, and the tool format from its adapter', async () => {
    const client = await createModelClient({ settings: { provider: 'scripted', model: undefined, baseUrl: undefined }, responder, environment: {} });
    expect(client).toMatchObject({ provider: 'scripted', model: PROVIDERS.scripted.defaultModel });
    const declaration = { kind: 'function', name: 'x', description: 'X.', inputSchema: { type: 'object' } } as const;
    expect(client.toTools([declaration])).toEqual(PROVIDERS.openai.adapter.toTools([declaration]));
    expect(PROVIDERS.anthropic.adapter.toTools([declaration])).not.toEqual(client.toTools([declaration]));
  });
});
