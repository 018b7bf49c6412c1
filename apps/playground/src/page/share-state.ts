import { isToolMode } from '@toolcell/core';
import type { PlaygroundConfig } from '../runtime/playground-config.js';
import { DEFAULT_CONFIG } from '../runtime/playground-config.js';

/** A page state: the config and the program in the editor. */
export interface SharedState {
  readonly config: PlaygroundConfig;
  readonly program: string;
}

/** The state as a URL hash (`#s=<base64url JSON>`): nothing leaves the browser. */
export function encodeState(state: SharedState): string {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `#s=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** The state in a URL hash, or `undefined` when there is none or it does not parse. */
export function decodeState(hash: string): SharedState | undefined {
  const match = /^#s=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!match?.[1]) return undefined;
  try {
    const binary = atob(match[1].replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))) as Partial<SharedState>;
    const config = { ...DEFAULT_CONFIG, ...parsed.config };
    if (!isToolMode(config.mode) || typeof parsed.program !== 'string') return undefined;
    return { config, program: parsed.program };
  } catch {
    return undefined;
  }
}
