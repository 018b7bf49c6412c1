import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { MediaOutputType } from '../contract/output-item.js';
import { GuestError, guestError } from './guest-error.js';
import { describeValue, readMedia } from './guest-values.js';

/** What the natives (the functions the guest calls into the host) do for the program running at the time. Each runs inside the interpreter. */
export interface NativeHandlers {
  /** Accept a call of binding number `binding` (its place in the program's bindings); the guest numbers it too. */
  call(binding: number, inputJson: string): void;
  /** Throw the TypeError for reading `tools[key]` that is not a binding. */
  unknownTool(key: string): never;
  text(text: string): void;
  media(type: MediaOutputType, mimeType: string, data: string): void;
  /** Schedule a timer and return its id; the guest keeps its callback under that id. */
  setTimer(delayMs: number): number;
  /** Cancel a timer; false when it is not pending. */
  clearTimer(id: number): boolean;
  exit(): void;
  store(key: string, valueJson: string): void;
  load(key: string): string | undefined;
  notify(valueJson: string): void;
  yieldControl(): void;
  /** Whether the program is stopping (a limit, `exit()`): host functions then refuse to run. */
  stopped(): boolean;
  /** Stop the program with `EXEC_STACK` and throw the error that unwinds the guest. */
  stackOverflow(): never;
}

/**
 * How deeply natives may nest (a `toJSON` or getter that calls `setTimeout`,
 * `store`, `notify`, `text`… again). Each level also stacks host (V8) frames, which
 * QuickJS's own stack check does not see: measured, about 200 levels with a 256 KiB guest
 * stack crashed the interpreter; 150 did not.
 */
export const MAX_NATIVE_NESTING = 64;

/** The prelude functions host functions use. */
export interface PreludeHelpers {
  readonly toJson: QuickJSHandle;
  readonly textJson: QuickJSHandle;
  readonly parse: QuickJSHandle;
  readonly define: QuickJSHandle;
  readonly error: QuickJSHandle;
  readonly keep: QuickJSHandle;
  readonly drop: QuickJSHandle;
}

/** The cells functions, defined as globals only for programs with cells. */
export type CellsFunctions = Readonly<Record<'store' | 'load' | 'yield_control' | 'notify', QuickJSHandle>>;

type Implementation = (...args: QuickJSHandle[]) => QuickJSHandle | { error: QuickJSHandle } | undefined;

/** The natives over one context: the functions the guest calls, dispatching to the handlers of the current program. */
export class GuestNatives {
  /** Natives on the stack now. */
  private nesting = 0;
  /** The prelude's functions, once it ran ({@link defineGlobals}). */
  private helpers: PreludeHelpers | undefined;

  constructor(
    private readonly context: QuickJSContext,
    private readonly current: () => NativeHandlers | undefined,
  ) {}

  private handlers(): NativeHandlers {
    const active = this.current();
    if (active === undefined) throw guestError('Error', 'no program is running');
    return active;
  }

  private create(name: string, implementation: Implementation): QuickJSHandle {
    return this.context.newFunction(name, this.wrap(implementation));
  }

  /** What QuickJS calls for a native: `implementation` behind the checks every native makes. */
  private wrap(implementation: Implementation): (...args: QuickJSHandle[]) => ReturnType<Implementation> {
    return (...args) => {
      try {
        const handlers = this.current();
        // A stopping program runs no more host work: an interrupt that crossed a host function
        // comes back catchable, and a program catching it must not call back in (and on) forever.
        if (handlers?.stopped() === true) throw guestError('Error', 'the program has ended');
        if (this.nesting >= MAX_NATIVE_NESTING) this.handlers().stackOverflow();
        this.nesting += 1;
        try {
          return implementation(...args);
        } finally {
          this.nesting -= 1;
        }
      } catch (error) {
        if (error instanceof GuestError) return this.inGuest(error);
        throw error;
      }
    };
  }

  /**
   * `error` built by the guest, as an instance of its own class, to throw. When the guest
   * cannot build it (a program being stopped, a full heap) `error` is thrown as it is: the
   * program sees a plain `Error` named so, and is ending anyway.
   */
  private inGuest(error: GuestError): { error: QuickJSHandle } {
    const context = this.context;
    if (this.helpers === undefined) throw error;
    const name = context.newString(error.guestName);
    const message = context.newString(JSON.stringify(error.message));
    const result = context.callFunction(this.helpers.error, context.undefined, name, message);
    name.dispose();
    message.dispose();
    if (result.error !== undefined) {
      result.error.dispose();
      throw error;
    }
    return { error: result.value };
  }

  /** The `host` object the prelude captures: `call`, `text`, `kind`, `notJson` and `unknownTool`. */
  hostObject(): QuickJSHandle {
    const context = this.context;
    const host = context.newObject();
    for (const [name, implementation] of this.hostFunctions()) {
      const fn = this.create(name, implementation);
      context.setProp(host, name, fn);
      fn.dispose();
    }
    return host;
  }

  /** The `host` object's functions, in the order {@link hostObject} creates them. */
  private hostFunctions(): ReadonlyArray<readonly [string, Implementation]> {
    const context = this.context;
    // The hot path: only the prelude can call it (its closure holds it), always with a
    // binding number and a string, so the arguments are read without a typeof round trip each.
    const call: Implementation = (binding, input) => {
      if (binding === undefined || input === undefined) throw guestError('TypeError', 'a tool call needs a binding and an input');
      this.handlers().call(context.getNumber(binding), context.getString(input));
      return undefined;
    };
    const text: Implementation = (json) => {
      this.handlers().text(this.jsonString(json, 'text'));
      return undefined;
    };
    const kind: Implementation = (value, isArray, isPlain) =>
      context.newString(describeValue(context, value, this.flag(isArray), this.flag(isPlain)));
    const notJson: Implementation = (keyJson, value, inArray, isArray) => {
      const key = this.jsonString(keyJson, 'the key');
      const at = key === '' ? 'the value' : `the member "${key}"`;
      const type = value === undefined ? 'undefined' : context.typeof(value);
      if (type === 'undefined' && this.flag(inArray)) throw guestError('TypeError', 'an array element is undefined, which is not JSON data (use null)');
      if (type === 'number' && value !== undefined) throw guestError('TypeError', `${at} is ${String(context.getNumber(value))}, which is not a JSON number`);
      const description = describeValue(context, value, this.flag(isArray), false);
      const what = type === 'object' ? 'plain JSON data' : 'JSON data';
      throw guestError('TypeError', `${at} is ${description}, which is not ${what}`);
    };
    const unknownTool: Implementation = (keyJson) => this.handlers().unknownTool(this.jsonString(keyJson, 'the key'));
    return [
      ['call', call],
      ['text', text],
      ['kind', kind],
      ['notJson', notJson],
      ['unknownTool', unknownTool],
    ];
  }

  private flag(handle: QuickJSHandle | undefined): boolean {
    return handle !== undefined && this.context.typeof(handle) === 'boolean' && this.context.sameValue(handle, this.context.true);
  }

  /** Delete globals by name (before the prelude runs, so it never sees them). */
  deleteGlobals(names: readonly string[]): void {
    const context = this.context;
    const reflect = context.getProp(context.global, 'Reflect');
    const deleteProperty = context.getProp(reflect, 'deleteProperty');
    for (const name of names) {
      const key = context.newString(name);
      context.unwrapResult(context.callFunction(deleteProperty, reflect, context.global, key)).dispose();
      key.dispose();
    }
    deleteProperty.dispose();
    reflect.dispose();
  }

  /** Define the host-function globals (media, timers, exit) and return the cells functions. */
  defineGlobals(helpers: PreludeHelpers): CellsFunctions {
    this.helpers = helpers;
    const { globals, cells } = this.globalFunctions(helpers);
    for (const [name, implementation] of globals) this.define(helpers, name, this.create(name, implementation));
    return Object.fromEntries(cells.map(([name, implementation]) => [name, this.create(name, implementation)])) as unknown as CellsFunctions;
  }

  /**
   * The names of every native in the order preparing a realm creates them ({@link hostObject},
   * then {@link defineGlobals}): each gets the next host reference id of the runtime.
   */
  functionNames(): string[] {
    const { globals, cells } = this.globalFunctions(undefined as unknown as PreludeHelpers);
    return [...this.hostFunctions(), ...globals, ...cells].map(([name]) => name);
  }

  /**
   * For a realm whose memory was restored from one prepared elsewhere (the guest side of every
   * native exists already): register the host side of each native in the order preparing
   * creates them, so each gets the host reference id the restored memory names, touching
   * nothing in the module.
   */
  adoptFunctions(helpers: PreludeHelpers): void {
    this.helpers = helpers;
    const { globals, cells } = this.globalFunctions(helpers);
    const hostRefs = (this.context.runtime as unknown as { hostRefs: { put(value: object): number } }).hostRefs;
    for (const [, implementation] of [...this.hostFunctions(), ...globals, ...cells]) hostRefs.put(this.wrap(implementation));
  }

  /** The globals {@link defineGlobals} defines and the cells functions, in the order it creates them. */
  private globalFunctions(helpers: PreludeHelpers): {
    readonly globals: ReadonlyArray<readonly [string, Implementation]>;
    readonly cells: ReadonlyArray<readonly [keyof CellsFunctions, Implementation]>;
  } {
    const context = this.context;
    const readString = (handle: QuickJSHandle): string => {
      const result = context.callFunction(helpers.textJson, context.undefined, handle);
      if (result.error !== undefined) {
        const overflowed = this.isStackOverflow(result.error);
        result.error.dispose();
        if (overflowed) this.handlers().stackOverflow();
        throw guestError('TypeError', 'a string could not be read');
      }
      return this.jsonString(result.value, 'a string', true);
    };
    const toJson = (value: QuickJSHandle, what: string): { json: string } | { error: QuickJSHandle } => {
      const label = context.newString(what);
      const result = context.callFunction(helpers.toJson, context.undefined, value, label);
      label.dispose();
      if (result.error !== undefined) return { error: result.error };
      const json = context.getString(result.value);
      result.value.dispose();
      return { json };
    };
    const media = (type: MediaOutputType): Implementation => (value) => {
      const { mimeType, data } = readMedia(context, type, value, readString);
      this.handlers().media(type, mimeType, data);
      return undefined;
    };
    const globals: Record<string, Implementation> = {
      image: media('image'),
      audio: media('audio'),
      generatedImage: media('generatedImage'),
      setTimeout: (callback, delay, ...args) => {
        if (callback === undefined || context.typeof(callback) !== 'function') throw guestError('TypeError', 'setTimeout takes a function as its first argument');
        const milliseconds = delay === undefined ? 0 : context.typeof(delay) === 'number' ? context.getNumber(delay) : Number(readString(delay));
        const handlers = this.handlers();
        const id = handlers.setTimer(milliseconds > 0 ? milliseconds : 0);
        // The guest keeps the callback (a host handle would not survive a suspension).
        const idHandle = context.newNumber(id);
        const kept = context.callFunction(helpers.keep, context.undefined, idHandle, callback, ...args);
        if (kept.error !== undefined) {
          handlers.clearTimer(id);
          idHandle.dispose();
          return { error: kept.error };
        }
        kept.value.dispose();
        return idHandle;
      },
      clearTimeout: (id) => {
        if (id === undefined || context.typeof(id) !== 'number' || !this.handlers().clearTimer(context.getNumber(id))) return undefined;
        const result = context.callFunction(helpers.drop, context.undefined, id);
        if (result.error !== undefined) return { error: result.error };
        result.value.dispose();
        return undefined;
      },
      exit: () => {
        this.handlers().exit();
        return undefined;
      },
    };
    const cells: Record<keyof CellsFunctions, Implementation> = {
      store: (key, value) => {
        if (key === undefined || context.typeof(key) !== 'string') throw guestError('TypeError', 'store(key, value) takes a string key');
        if (value === undefined || context.typeof(value) === 'undefined') {
          throw guestError('TypeError', 'store(key, value) takes JSON data as its value (use null to clear)');
        }
        const name = readString(key);
        const encoded = toJson(value, `the value stored under "${name}"`);
        if ('error' in encoded) return encoded;
        this.handlers().store(name, encoded.json);
        return undefined;
      },
      load: (key) => {
        if (key === undefined || context.typeof(key) !== 'string') return undefined;
        const json = this.handlers().load(readString(key));
        if (json === undefined) return undefined;
        const text = context.newString(json);
        const result = context.callFunction(helpers.parse, context.undefined, text);
        text.dispose();
        return result.error === undefined ? result.value : { error: result.error };
      },
      yield_control: () => {
        this.handlers().yieldControl();
        return undefined;
      },
      notify: (value) => {
        const encoded = toJson(value === undefined || context.typeof(value) === 'undefined' ? context.null : value, 'the notified value');
        if ('error' in encoded) return encoded;
        this.handlers().notify(encoded.json);
        return undefined;
      },
    };
    return { globals: Object.entries(globals), cells: Object.entries(cells) as Array<[keyof CellsFunctions, Implementation]> };
  }

  /** Define `value` (consumed) as a read-only global. */
  define(helpers: PreludeHelpers, name: string, value: QuickJSHandle): void {
    const context = this.context;
    const key = context.newString(name);
    const result = context.callFunction(helpers.define, context.undefined, key, value);
    key.dispose();
    value.dispose();
    context.unwrapResult(result).dispose();
  }

  /** Whether a guest exception is QuickJS's stack overflow. */
  private isStackOverflow(exception: QuickJSHandle): boolean {
    const context = this.context;
    if (context.typeof(exception) !== 'object') return false;
    const read = (name: string): unknown => {
      const property = context.getProp(exception, name);
      try {
        return context.typeof(property) === 'string' ? context.getString(property) : undefined;
      } finally {
        property.dispose();
      }
    };
    try {
      return read('name') === 'InternalError' && read('message') === 'stack overflow';
    } catch {
      return false;
    }
  }

  private rawString(handle: QuickJSHandle | undefined, what: string): string {
    if (handle === undefined || this.context.typeof(handle) !== 'string') throw guestError('TypeError', `${what} must be a string`);
    return this.context.getString(handle);
  }

  /** A string the prelude sent as JSON. */
  private jsonString(handle: QuickJSHandle | undefined, what: string, dispose = false): string {
    try {
      const parsed: unknown = JSON.parse(this.rawString(handle, what));
      if (typeof parsed !== 'string') throw guestError('TypeError', `${what} must be a string`);
      return parsed;
    } finally {
      if (dispose) handle?.dispose();
    }
  }
}
