import { ConfigurationError } from '@toolcell/core';
import type { DurableStore } from '@toolcell/durable-store';
import type { AgentSettings } from '../config/agent-settings.js';
import type { StoreLocation } from '../config/store-location.js';

/** A durable store the command opened, and how to let it go. */
export interface OpenedStore {
  readonly store: DurableStore;
  readonly location: StoreLocation;
  /** Close its connections (PostgreSQL); a no-op for files. */
  close(): Promise<void>;
}

/**
 * The store the settings name, refusing one that only a configuration file inside the
 * workspace names: whoever wrote the workspace would choose where (and by whom) its
 * approvals are decided.
 *
 * @throws ConfigurationError when the store comes from the workspace's own configuration.
 */
export function trustedStore(settings: Pick<AgentSettings, 'store' | 'heldStore' | 'configFile'>): StoreLocation | undefined {
  if (settings.heldStore !== undefined) {
    throw new ConfigurationError({
      setting: 'store',
      message:
        `${JSON.stringify(settings.heldStore)} comes from ${settings.configFile ?? 'the configuration'}, inside the workspace, and is not used: the workspace's author would choose where its approvals are decided. ` +
        'Pass --store with the store you mean (the same one if you trust it), or put store in a configuration outside the workspace and pass --config FILE.',
    });
  }
  return settings.store;
}

/** Open the store at a location; PostgreSQL's driver is loaded only for a `postgres://` store. */
export async function openDurableStore(location: StoreLocation): Promise<OpenedStore> {
  if (location.kind === 'files') {
    const { FileDurableStore } = await import('@toolcell/durable-store/files');
    return { store: new FileDurableStore({ directory: location.directory }), location, close: async () => undefined };
  }
  const { PostgresDurableStore } = await import('@toolcell/durable-store/postgres');
  const store = new PostgresDurableStore({ connectionString: location.url });
  return { store, location, close: () => store.close() };
}
