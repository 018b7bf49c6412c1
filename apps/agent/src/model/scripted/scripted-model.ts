import { conversationsOver } from '../provider-conversation.js';
import type { ModelClient } from '../model-client.js';
import { modelClient } from '../model-client-of.js';
import { PROVIDERS } from '../providers.js';
import { scriptedRequest } from './scripted-request.js';
import type { ScriptedResponder } from './scripted-responder.js';

/** The scripted model as a client, without the settings (the demo, tests). */
export function createScriptedModelClient(options: { readonly responder: ScriptedResponder; readonly model?: string }): ModelClient {
  const model = options.model ?? PROVIDERS.scripted.defaultModel;
  return modelClient({ provider: 'scripted', model, startConversation: conversationsOver(scriptedRequest({ model, responder: options.responder })) });
}
