import { ConfigurationError } from '@toolcell/core';
import type { AgentSettings } from '../config/agent-settings.js';
import type { ProviderChoice } from '../config/toolcell-config.js';
import type { ModelClient } from './model-client.js';
import type { ScriptedResponder } from './scripted-model.js';
import { createScriptedModelClient } from './scripted-model.js';

/** The model each provider uses when `--model` is not given. */
export const DEFAULT_MODELS: Readonly<Record<ProviderChoice, string>> = {
  scripted: 'scripted',
  openai: 'gpt-4.1',
  'openai-responses': 'gpt-4.1',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-flash',
  'openai-compatible': 'default',
};

/** Where each provider's API key is read from (the first variable that is set wins). */
export const API_KEY_VARIABLES: Readonly<Record<Exclude<ProviderChoice, 'scripted'>, readonly string[]>> = {
  openai: ['OPENAI_API_KEY'],
  'openai-responses': ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  'openai-compatible': ['OPENAI_COMPATIBLE_API_KEY', 'OPENAI_API_KEY'],
};

/** What building a model client needs besides the settings. */
export interface ModelClientOptions {
  readonly settings: Pick<AgentSettings, 'provider' | 'model' | 'baseUrl'>;
  /** The scripted model's responder (a scenario, or the demo's model). */
  readonly responder: ScriptedResponder;
  /** Environment to read API keys from (default `process.env`). */
  readonly environment?: NodeJS.ProcessEnv;
  /** Stream responses where the provider client supports it (default true). */
  readonly stream?: boolean;
}

function apiKey(provider: Exclude<ProviderChoice, 'scripted'>, environment: NodeJS.ProcessEnv): string | undefined {
  for (const variable of API_KEY_VARIABLES[provider]) {
    const value = environment[variable];
    if (value) return value;
  }
  return undefined;
}

function requireKey(provider: Exclude<ProviderChoice, 'scripted'>, environment: NodeJS.ProcessEnv): string {
  const key = apiKey(provider, environment);
  if (key !== undefined) return key;
  const variables = API_KEY_VARIABLES[provider];
  throw new ConfigurationError({
    setting: variables[0]!,
    message: `is not set, and --provider ${provider} needs it; export ${variables.join(' or ')} with your API key, or use --provider scripted.`,
  });
}

/**
 * The model client for the settings. Real providers fail fast, before any request, when
 * their API key is missing. Provider SDKs are loaded only when used, so the scripted
 * model starts fast.
 *
 * @throws ConfigurationError for a missing key or a missing `--base-url`.
 */
export async function createModelClient(options: ModelClientOptions): Promise<ModelClient> {
  const { provider, baseUrl } = options.settings;
  const model = options.settings.model ?? DEFAULT_MODELS[provider];
  const environment = options.environment ?? process.env;
  switch (provider) {
    case 'scripted':
      return createScriptedModelClient({ responder: options.responder, model });
    case 'openai': {
      const apiKey = requireKey(provider, environment);
      const { createOpenAIChatModelClient } = await import('./openai-chat-model.js');
      return createOpenAIChatModelClient({ provider, model, apiKey, baseUrl, stream: options.stream });
    }
    case 'openai-compatible': {
      if (baseUrl === undefined) {
        throw new ConfigurationError({ setting: '--base-url', message: 'is required with --provider openai-compatible; pass the server URL, e.g. http://127.0.0.1:8080/v1.' });
      }
      const { createOpenAIChatModelClient } = await import('./openai-chat-model.js');
      // Local servers often need no key; send a placeholder rather than none.
      return createOpenAIChatModelClient({ provider, model, apiKey: apiKey(provider, environment) ?? 'unused', baseUrl, stream: options.stream });
    }
    case 'openai-responses': {
      const apiKey = requireKey(provider, environment);
      const { createOpenAIResponsesModelClient } = await import('./openai-responses-model.js');
      return createOpenAIResponsesModelClient({ model, apiKey, baseUrl, stream: options.stream });
    }
    case 'anthropic': {
      const apiKey = requireKey(provider, environment);
      const { createAnthropicModelClient } = await import('./anthropic-model.js');
      return createAnthropicModelClient({ model, apiKey, baseUrl });
    }
    case 'gemini': {
      const apiKey = requireKey(provider, environment);
      const { createGeminiModelClient } = await import('./gemini-model.js');
      return createGeminiModelClient({ model, apiKey, baseUrl });
    }
  }
}
