import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import { GUEST_PRELUDE } from './guest-prelude.js';
import { createHostObject } from './host-functions.js';
import type { HostFunctionHandlers } from './host-functions.js';
import type { QuickJsInstance } from './quickjs-instance.js';

/** The prelude functions the host calls. */
export interface RealmApi {
  readonly install: QuickJSHandle;
  readonly deliver: QuickJSHandle;
  readonly fireTimer: QuickJSHandle;
  readonly describeError: QuickJSHandle;
  readonly serializeResult: QuickJSHandle;
}

const API_NAMES = ['install', 'deliver', 'fireTimer', 'describeError', 'serializeResult'] as const;

/**
 * A fresh QuickJS runtime and context with the guest prelude evaluated, ready for exactly
 * one program. Preparing it (runtime, context, parsing the prelude) is most of the fixed
 * cost of a program, so realms are prepared ahead, while nothing runs.
 */
export class GuestRealm {
  /** The handlers of the program using this realm. */
  handlers: HostFunctionHandlers | undefined;
  /** Whether a program has taken this realm (a realm serves one program). */
  used = false;

  /** The realm's runtime. */
  readonly runtime: QuickJSRuntime;
  /** The realm's context. */
  readonly context: QuickJSContext;
  /** The prelude functions. */
  readonly api: RealmApi;

  /** Prepare a realm in `instance`. Throws when the module is broken. */
  constructor(readonly instance: QuickJsInstance) {
    const runtime = instance.quickjs.newRuntime();
    const context = runtime.newContext();
    const host = createHostObject(context, () => this.handlers);
    const prelude = context.unwrapResult(context.evalCode(GUEST_PRELUDE, 'guest-prelude.js', { type: 'global', strict: true }));
    const exports = context.unwrapResult(context.callFunction(prelude, context.undefined, host));
    this.api = Object.fromEntries(API_NAMES.map((name) => [name, context.getProp(exports, name)])) as unknown as RealmApi;
    for (const handle of [exports, prelude, host]) handle.dispose();
    this.runtime = runtime;
    this.context = context;
  }

  /**
   * Free the realm's runtime. Returns false (and marks the module unhealthy) when freeing
   * fails: after a stack overflow or out-of-memory it can abort the module, so callers
   * never free a realm whose program hit a limit.
   */
  dispose(extraHandles: readonly QuickJSHandle[] = []): boolean {
    try {
      for (const handle of [...extraHandles, ...Object.values(this.api)] as QuickJSHandle[]) {
        if (handle.alive) handle.dispose();
      }
      this.context.dispose();
      this.runtime.dispose();
      return true;
    } catch {
      this.instance.healthy = false;
      return false;
    }
  }
}
