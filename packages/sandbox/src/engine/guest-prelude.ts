// The guest side of the guest API, evaluated in every fresh context before the program.
// It is guest JavaScript kept as a string: it runs inside QuickJS, where a transpiler's
// helpers (which `Function#toString` of a TypeScript function would carry) do not exist.
//
// It captures every built-in it uses before the program runs, so a program that tampers
// with prototypes can only confuse itself; everything that reaches the host is a string or
// a number the host checks again. It returns the functions the host calls back into.

/** Names removed from the global object (QuickJS has some of them; the rest are asserted absent). */
export const REMOVED_GLOBALS = [
  'SharedArrayBuffer',
  'Atomics',
  'WebAssembly',
  'process',
  'require',
  'module',
  'Buffer',
  'console',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'queueMicrotask',
] as const;

/**
 * `(function (host) { … })`: installs the program-independent globals and returns
 * `{ install, deliver, fireTimer, describeError, serializeResult }`. It is evaluated when a
 * realm is prepared, ahead of any program; `install(bindingsJson, storedJson)` then adds
 * `tools`, `ALL_TOOLS` and (when `storedJson` is a string) the cells globals for one program.
 */
export const GUEST_PRELUDE = `(function (host) {
'use strict';
const G = globalThis;
const freeze = Object.freeze, create = Object.create, defineProperty = Object.defineProperty;
const getPrototypeOf = Object.getPrototypeOf, objectKeys = Object.keys, hasOwn = Object.hasOwn;
const ObjectPrototype = Object.prototype;
const isArray = Array.isArray, arraySlice = Array.prototype.slice, arrayJoin = Array.prototype.join;
const apply = Reflect.apply;
const stringify = JSON.stringify, parse = JSON.parse;
const PromiseConstructor = Promise, promiseReject = Promise.reject;
const MapConstructor = Map, mapGet = Map.prototype.get, mapSet = Map.prototype.set, mapDelete = Map.prototype.delete;
const ErrorConstructor = Error, TypeErrorConstructor = TypeError;
const ProxyConstructor = Proxy, StringConstructor = String, isFinite = Number.isFinite;
const stringSlice = String.prototype.slice, indexOf = String.prototype.indexOf, endsWith = String.prototype.endsWith;
const hostCall = host.call, hostText = host.text, hostMedia = host.media, hostExit = host.exit;
const hostSetTimer = host.setTimer, hostClearTimer = host.clearTimer;
const hostStore = host.store, hostNotify = host.notify, hostYield = host.yieldControl;

const removed = ${JSON.stringify(REMOVED_GLOBALS)};
for (let index = 0; index < removed.length; index += 1) delete G[removed[index]];

function safeString(value) {
  try { return StringConstructor(value); } catch (error) { return '[unprintable value]'; }
}
function describe(value) {
  if (value === null) return 'null';
  if (isArray(value)) return 'an array';
  const type = typeof value;
  if (type === 'object') {
    const prototype = getPrototypeOf(value);
    if (prototype === ObjectPrototype || prototype === null) return 'an object';
    let name = 'object';
    try { name = safeString(value.constructor.name); } catch (error) {}
    return 'a ' + name + ' instance';
  }
  if (type === 'undefined') return 'undefined';
  return 'a ' + type;
}
function isPlainObject(value) {
  if (typeof value !== 'object' || value === null || isArray(value)) return false;
  const prototype = getPrototypeOf(value);
  return prototype === ObjectPrototype || prototype === null;
}
function where(key) {
  return key === '' ? 'the value' : 'the member "' + key + '"';
}
function jsonReplacer(key, value) {
  switch (typeof value) {
    case 'function':
    case 'symbol':
    case 'bigint':
      throw new TypeErrorConstructor(where(key) + ' is ' + describe(value) + ', which is not JSON data');
    case 'number':
      if (!isFinite(value)) throw new TypeErrorConstructor(where(key) + ' is ' + safeString(value) + ', which is not a JSON number');
      return value;
    case 'undefined':
      if (isArray(this)) throw new TypeErrorConstructor('an array element is undefined, which is not JSON data (use null)');
      return value;
    case 'object':
      if (value !== null && !isArray(value) && !isPlainObject(value)) {
        throw new TypeErrorConstructor(where(key) + ' is ' + describe(value) + ', which is not plain JSON data');
      }
      return value;
    default:
      return value;
  }
}
function toJson(value, what) {
  try {
    return stringify(value, jsonReplacer);
  } catch (error) {
    throw new TypeErrorConstructor(what + ' is not JSON data: ' + (error instanceof ErrorConstructor ? safeString(error.message) : safeString(error)));
  }
}
function fresh(error, code) {
  const message = error instanceof ErrorConstructor ? safeString(error.message) : safeString(error);
  const result = new TypeErrorConstructor(message);
  defineProperty(result, 'code', { value: code, writable: true, enumerable: true, configurable: true });
  return result;
}

const pending = new MapConstructor();
function makeTool(jsName, freeform) {
  const label = 'tools.' + jsName;
  function tool(input) {
    let inputJson;
    try {
      if (arguments.length > 1) throw new TypeErrorConstructor(label + ' takes one argument, got ' + arguments.length);
      if (freeform) {
        if (typeof input !== 'string') throw new TypeErrorConstructor(label + ' takes one string argument (it is a freeform tool), got ' + describe(input));
        inputJson = stringify(input);
      } else {
        if (input === undefined) input = {};
        if (!isPlainObject(input)) throw new TypeErrorConstructor(label + ' takes one plain object argument, like ' + label + '({ ... }), got ' + describe(input));
        inputJson = toJson(input, 'the argument of ' + label);
      }
      const id = hostCall(jsName, inputJson);
      return new PromiseConstructor(function (resolve, reject) { apply(mapSet, pending, [id, { resolve: resolve, reject: reject }]); });
    } catch (error) {
      return apply(promiseReject, PromiseConstructor, [fresh(error, 'INVALID_ARGS')]);
    }
  }
  defineProperty(tool, 'name', { value: jsName });
  return freeze(tool);
}
function deliver(id, ok, json) {
  const entry = apply(mapGet, pending, [id]);
  if (entry === undefined) return;
  apply(mapDelete, pending, [id]);
  if (ok) { entry.resolve(parse(json)); return; }
  const detail = parse(json);
  const error = new ErrorConstructor(detail.message);
  defineProperty(error, 'name', { value: 'ToolError', writable: true, configurable: true });
  defineProperty(error, 'code', { value: detail.code, writable: true, enumerable: true, configurable: true });
  if (detail.callId !== undefined) defineProperty(error, 'callId', { value: detail.callId, writable: true, enumerable: true, configurable: true });
  entry.reject(error);
}



function errorText(error) {
  const message = safeString(error.message);
  return safeString(error.name) + (message === '' ? '' : ': ' + message);
}
function toText(value) {
  switch (typeof value) {
    case 'string': return value;
    case 'undefined': return 'undefined';
    case 'object':
      if (value === null) return 'null';
      if (value instanceof ErrorConstructor) return errorText(value);
      try { const json = stringify(value); if (typeof json === 'string') return json; } catch (error) {}
      return safeString(value);
    default: return safeString(value);
  }
}
// Strings cross as JSON: the host reads guest strings as C strings, which end at a NUL.
function text(value) { hostText(stringify(toText(value))); }
function media(type, value) {
  let mimeType, data;
  if (typeof value === 'string') {
    const comma = apply(indexOf, value, [',']);
    const header = comma < 0 ? '' : apply(stringSlice, value, [0, comma]);
    if (apply(stringSlice, header, [0, 5]) !== 'data:' || !apply(endsWith, header, [';base64'])) {
      throw new TypeErrorConstructor(type + '() takes a "data:<mime type>;base64,<data>" URL or { mimeType, data } with base64 data');
    }
    mimeType = apply(stringSlice, header, [5, header.length - 7]);
    data = apply(stringSlice, value, [comma + 1]);
  } else if (isPlainObject(value)) {
    mimeType = value.mimeType;
    data = value.data;
  }
  if (typeof mimeType !== 'string' || typeof data !== 'string') {
    throw new TypeErrorConstructor(type + '() takes a "data:<mime type>;base64,<data>" URL or { mimeType, data } with base64 data, got ' + describe(value));
  }
  hostMedia(stringify([type, mimeType, data]));
}

const timers = new MapConstructor();
let nextTimerId = 1;
function setTimeout(callback, delay) {
  if (typeof callback !== 'function') throw new TypeErrorConstructor('setTimeout takes a function as its first argument');
  let milliseconds = +delay;
  if (!(milliseconds > 0)) milliseconds = 0;
  const id = nextTimerId;
  nextTimerId += 1;
  hostSetTimer(id, milliseconds);
  apply(mapSet, timers, [id, { callback: callback, args: apply(arraySlice, arguments, [2]) }]);
  return id;
}
function clearTimeout(id) {
  if (apply(mapDelete, timers, [id])) hostClearTimer(id);
}
function fireTimer(id) {
  const entry = apply(mapGet, timers, [id]);
  if (entry === undefined) return;
  apply(mapDelete, timers, [id]);
  apply(entry.callback, undefined, entry.args);
}

function defineGlobal(name, value) {
  defineProperty(G, name, { value: value, writable: false, enumerable: false, configurable: false });
}
defineGlobal('text', text);
defineGlobal('image', function image(value) { media('image', value); });
defineGlobal('audio', function audio(value) { media('audio', value); });
defineGlobal('generatedImage', function generatedImage(value) { media('generatedImage', value); });
defineGlobal('setTimeout', setTimeout);
defineGlobal('clearTimeout', clearTimeout);
defineGlobal('exit', function exit() { hostExit(); });

function install(bindingsJson, storedJson) {
  const bindings = parse(bindingsJson);
  const toolTarget = create(null);
  const allTools = [];
  for (let index = 0; index < bindings.length; index += 1) {
    const binding = bindings[index];
    defineProperty(toolTarget, binding.jsName, { value: makeTool(binding.jsName, binding.kind === 'freeform'), enumerable: true });
    allTools[index] = freeze({ name: binding.canonicalName, jsName: binding.jsName, description: binding.description });
  }
  freeze(toolTarget);
  const toolNames = objectKeys(toolTarget);
  const available = toolNames.length === 0 ? 'none'
    : apply(arrayJoin, apply(arraySlice, toolNames, [0, 30]), [', ']) + (toolNames.length > 30 ? ', ...' : '');
  const toolsHandler = create(null);
  toolsHandler.get = function (target, key) {
    if (typeof key === 'symbol') return undefined;
    if (hasOwn(target, key)) return target[key];
    throw new TypeErrorConstructor('tools.' + key + ' is not an available tool (available: ' + available + '); see ALL_TOOLS');
  };
  function readOnly(target, key) {
    throw new TypeErrorConstructor('tools is read-only (tried to change ' + safeString(key) + ')');
  }
  toolsHandler.set = readOnly;
  toolsHandler.defineProperty = readOnly;
  toolsHandler.deleteProperty = readOnly;
  toolsHandler.setPrototypeOf = readOnly;
  const tools = new ProxyConstructor(toolTarget, toolsHandler);
  defineGlobal('tools', tools);
  defineGlobal('ALL_TOOLS', freeze(allTools));
  if (typeof storedJson === 'string') {
    const stored = new MapConstructor();
    const snapshot = parse(storedJson);
    const keys = objectKeys(snapshot);
    for (let index = 0; index < keys.length; index += 1) apply(mapSet, stored, [keys[index], stringify(snapshot[keys[index]])]);
    defineGlobal('store', function store(key, value) {
      if (typeof key !== 'string') throw new TypeErrorConstructor('store(key, value) takes a string key, got ' + describe(key));
      if (value === undefined) throw new TypeErrorConstructor('store(key, value) takes JSON data as its value (use null to clear)');
      const json = toJson(value, 'the value stored under "' + key + '"');
      hostStore(stringify(key), json);
      apply(mapSet, stored, [key, json]);
    });
    defineGlobal('load', function load(key) {
      const json = apply(mapGet, stored, [key]);
      return json === undefined ? undefined : parse(json);
    });
    defineGlobal('yield_control', function yield_control() { hostYield(); });
    defineGlobal('notify', function notify(value) {
      hostNotify(toJson(value === undefined ? null : value, 'the notified value'));
    });
  }
}
function describeError(error) {
  if (error !== null && (typeof error === 'object' || typeof error === 'function')) {
    let name, message, stack, code;
    try { name = error.name; message = error.message; stack = error.stack; code = error.code; } catch (inner) {}
    return stringify({
      kind: 'error',
      name: typeof name === 'string' ? name : 'Error',
      message: message === undefined ? toText(error) : safeString(message),
      stack: typeof stack === 'string' ? stack : undefined,
      code: typeof code === 'string' ? code : undefined,
    });
  }
  return stringify({ kind: 'value', name: typeof error, message: toText(error) });
}
function serializeResult(value) {
  return value === undefined ? undefined : toJson(value, 'the return value');
}
return { install: install, deliver: deliver, fireTimer: fireTimer, describeError: describeError, serializeResult: serializeResult };
})`;
