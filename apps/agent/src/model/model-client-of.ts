import type { ProviderChoice } from '../config/toolcell-config.js';
import type { ModelClient } from './model-client.js';
import type { StartConversation } from './providers.js';
import { PROVIDERS } from './providers.js';

/** A model client for a provider choice and the conversations it starts. */
export function modelClient(options: { readonly provider: ProviderChoice; readonly model: string; readonly startConversation: StartConversation }): ModelClient {
  const { adapter } = PROVIDERS[options.provider];
  return {
    provider: options.provider,
    model: options.model,
    toTools: (declarations) => adapter.toTools(declarations),
    startConversation: options.startConversation,
  };
}
