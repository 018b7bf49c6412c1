import type { ScriptedResponder } from './scripted/scripted-responder.js';

/** What connecting to a provider is given, once the key and URL are checked. */
export interface ProviderConnection {
  readonly model: string;
  /** The API key (a placeholder for a keyless compatible server); absent for `scripted`. */
  readonly apiKey: string;
  readonly baseUrl?: string;
  /** Stream responses where the provider client supports it (default true). */
  readonly stream?: boolean;
  /** The scripted model's responder. */
  readonly responder: ScriptedResponder;
}
