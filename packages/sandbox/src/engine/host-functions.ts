import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';

/** What the guest prelude's `host` object does; each method runs inside the interpreter. */
export interface HostFunctionHandlers {
  call(jsName: string, inputJson: string): number;
  text(text: string): void;
  media(type: string, mimeType: string, data: string): void;
  setTimer(id: number, delayMs: number): void;
  clearTimer(id: number): void;
  exit(): void;
  store(key: string, valueJson: string): void;
  notify(valueJson: string): void;
  yieldControl(): void;
}

/** An error the guest sees with this `name` (quickjs-emscripten transfers name and message). */
export function guestError(name: 'TypeError' | 'RangeError' | 'Error', message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

function stringArgument(context: QuickJSContext, handle: QuickJSHandle | undefined, what: string): string {
  if (handle === undefined || context.typeof(handle) !== 'string') throw guestError('TypeError', `${what} must be a string`);
  return context.getString(handle);
}

/** A string the prelude sent as JSON (raw guest strings would be cut at a NUL). */
function jsonStringArgument(context: QuickJSContext, handle: QuickJSHandle | undefined, what: string): string {
  const parsed: unknown = JSON.parse(stringArgument(context, handle, what));
  if (typeof parsed !== 'string') throw guestError('TypeError', `${what} must be a string`);
  return parsed;
}

function numberArgument(context: QuickJSContext, handle: QuickJSHandle | undefined, what: string): number {
  if (handle === undefined || context.typeof(handle) !== 'number') throw guestError('TypeError', `${what} must be a number`);
  return context.getNumber(handle);
}

/**
 * Build the `host` object handed to the prelude. Its functions forward to the handlers of
 * the program running at the time (a realm is prepared before its program exists). The
 * prelude is trusted to pass the right types, but every argument is checked again: nothing
 * from the guest is trusted.
 */
export function createHostObject(context: QuickJSContext, current: () => HostFunctionHandlers | undefined): QuickJSHandle {
  const host = context.newObject();
  const handlers = (): HostFunctionHandlers => {
    const active = current();
    if (active === undefined) throw guestError('Error', 'no program is running');
    return active;
  };
  const define = (name: string, implementation: (...args: QuickJSHandle[]) => QuickJSHandle | undefined): void => {
    const fn = context.newFunction(name, (...args) => implementation(...args));
    context.setProp(host, name, fn);
    fn.dispose();
  };
  define('call', (jsName, input) =>
    context.newNumber(
      handlers().call(stringArgument(context, jsName, 'the tool name'), stringArgument(context, input, 'the tool input')),
    ),
  );
  define('text', (text) => {
    handlers().text(jsonStringArgument(context, text, 'text'));
    return undefined;
  });
  define('media', (media) => {
    const parts: unknown = JSON.parse(stringArgument(context, media, 'the media item'));
    if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((part) => typeof part === 'string')) {
      throw guestError('TypeError', 'the media item must be [type, mimeType, data]');
    }
    const [type, mimeType, data] = parts as [string, string, string];
    handlers().media(type, mimeType, data);
    return undefined;
  });
  define('setTimer', (id, delay) => {
    handlers().setTimer(numberArgument(context, id, 'the timer id'), numberArgument(context, delay, 'the delay'));
    return undefined;
  });
  define('clearTimer', (id) => {
    handlers().clearTimer(numberArgument(context, id, 'the timer id'));
    return undefined;
  });
  define('exit', () => {
    handlers().exit();
    return undefined;
  });
  define('store', (key, value) => {
    handlers().store(jsonStringArgument(context, key, 'the key'), stringArgument(context, value, 'the value'));
    return undefined;
  });
  define('notify', (value) => {
    handlers().notify(stringArgument(context, value, 'the value'));
    return undefined;
  });
  define('yieldControl', () => {
    handlers().yieldControl();
    return undefined;
  });
  return host;
}
