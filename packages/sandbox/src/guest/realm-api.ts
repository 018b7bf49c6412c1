import type { QuickJSHandle } from 'quickjs-emscripten-core';

/** The prelude functions the host calls, by name, in the order the prelude exports them. */
export const API_NAMES = ['install', 'deliver', 'toJson', 'resultJson', 'textJson', 'define', 'parse', 'error', 'keepMain', 'main', 'keep', 'fire', 'drop', 'reseed'] as const;

/** The prelude functions the host calls: a handle per name of {@link API_NAMES}. */
export type RealmApi = Readonly<Record<(typeof API_NAMES)[number], QuickJSHandle>>;
