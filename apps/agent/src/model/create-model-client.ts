import { ConfigurationError } from '@toolcell/core';
import type { AgentSettings } from '../config/agent-settings.js';
import type { ModelClient } from './model-client.js';
import { modelClient } from './model-client-of.js';
import type { ProviderEntry } from './providers.js';
import { PROVIDERS } from './providers.js';
import type { ScriptedResponder } from './scripted/scripted-responder.js';

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

function apiKey(entry: ProviderEntry, environment: NodeJS.ProcessEnv): string | undefined {
  for (const variable of entry.apiKeyVariables) {
    const value = environment[variable];
    if (value) return value;
  }
  return undefined;
}

/**
 * The model client for the settings, from its row in {@link PROVIDERS}. Real providers fail
 * fast, before any request, when their API key or `--base-url` is missing.
 *
 * @throws ConfigurationError for a missing key or a missing `--base-url`.
 */
export async function createModelClient(options: ModelClientOptions): Promise<ModelClient> {
  const { provider, baseUrl } = options.settings;
  const entry = PROVIDERS[provider];
  const model = options.settings.model ?? entry.defaultModel;
  if (entry.baseUrlRequired && baseUrl === undefined) {
    throw new ConfigurationError({ setting: '--base-url', message: `is required with --provider ${provider}; pass the server URL, e.g. http://127.0.0.1:8080/v1.` });
  }
  const key = apiKey(entry, options.environment ?? process.env);
  if (key === undefined && entry.apiKeyRequired) {
    const variables = entry.apiKeyVariables;
    throw new ConfigurationError({
      setting: variables[0]!,
      message: `is not set, and --provider ${provider} needs it; export ${variables.join(' or ')} with your API key, or use --provider scripted.`,
    });
  }
  // Local servers often need no key; send a placeholder rather than none.
  const startConversation = await entry.connect({ model, apiKey: key ?? 'unused', baseUrl, stream: options.stream, responder: options.responder });
  return modelClient({ provider, model, startConversation });
}
