import type { Scope } from './scope.js';

/** A configuration that works, but not as asked. */
export interface ScopeWarning {
  readonly scopeId: string;
  readonly code: 'CODE_MODE_UNAVAILABLE';
  readonly message: string;
}

/** Events of {@link ToolRegistry.events} (eventemitter3 signatures). */
export interface RegistryEvents {
  /** A scope was created with a setting it cannot honour (e.g. `code_mode` on a direct-only backend). */
  'scope-warning': (warning: ScopeWarning) => void;
  /** A scope was dropped ({@link ToolRegistry.dropScope}); whatever a host keeps for it can go. */
  'scope-drop': (scope: Scope) => void;
  /** A tool was registered or unregistered; plans and descriptions are recomputed lazily. */
  'registry-change': (change: { readonly revision: number; readonly name: string; readonly type: 'register' | 'unregister' }) => void;
}
