// The guest side of the guest API, evaluated in every fresh context before its program.
// It is guest JavaScript kept as a string (it runs inside QuickJS, where a transpiler's
// helpers would not exist) and kept small: QuickJS parses about 6 KB per millisecond here,
// so only what must be guest code lives here (the hot path of tool calls, `tools` and
// strict JSON); timers, media, exit and cells are host functions.
//
// It captures every built-in it uses before the program runs, so a program that tampers
// with prototypes can only confuse itself; everything reaching the host is checked again.

/** Names removed from the global object (QuickJS has some; the rest are asserted absent). */
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
 * `(function (host) { … })` with `host = { call, text, kind, notJson }` (`kind` describes a
 * value for a message, `notJson` throws the TypeError for a value that is not JSON data;
 * both are host functions to keep this source short). Returns the functions the host
 * calls: `install(bindingsJson)` adds `tools` and `ALL_TOOLS` for one program; `deliver(id,
 * ok, json)` settles a tool call; `toJson(value, what)` is strict JSON (throws a TypeError
 * naming what is not JSON data); `textJson(value)` is the JSON of `text(value)`'s text;
 * `define(name, value)` adds a read-only global; `parse` is the original `JSON.parse`. Strings reach the host as JSON: the host
 * reads guest strings as C strings, which end at a NUL.
 */
export const GUEST_PRELUDE = `(function (host) {
'use strict';
const G = globalThis, O = Object, freeze = O.freeze, def = O.defineProperty, protoOf = O.getPrototypeOf, hasOwn = O.hasOwn;
const OP = O.prototype, isArray = Array.isArray, apply = Reflect.apply, finite = Number.isFinite;
const stringify = JSON.stringify, parse = JSON.parse, PromiseCtor = Promise, reject = Promise.reject;
const TE = TypeError, ErrorCtor = Error, StringCtor = String, pending = new Map();
const mapGet = Map.prototype.get, mapSet = Map.prototype.set, mapDelete = Map.prototype.delete;
const hostCall = host.call, hostText = host.text, kind = host.kind, notJson = host.notJson;
const removed = ${JSON.stringify(REMOVED_GLOBALS)};
for (let i = 0; i < removed.length; i++) delete G[removed[i]];
function str(v) { try { return StringCtor(v); } catch (e) { return '[unprintable]'; } }
function plain(v) {
  if (typeof v !== 'object' || v === null || isArray(v)) return false;
  const p = protoOf(v);
  return p === OP || p === null;
}
function replacer(key, v) {
  const t = typeof v;
  if (t === 'function' || t === 'symbol' || t === 'bigint' || (t === 'number' && !finite(v)) || (v === undefined && isArray(this))
    || (t === 'object' && v !== null && !isArray(v) && !plain(v))) notJson(key, v, isArray(this), isArray(v));
  return v;
}
function toJson(v, what) {
  try { return stringify(v, replacer); }
  catch (e) { throw new TE(what + ' is not JSON data: ' + (e instanceof ErrorCtor ? str(e.message) : str(e))); }
}
function call(name, freeform, input) {
  const label = 'tools.' + name;
  try {
    if (arguments.length > 3) throw new TE(label + ' takes one argument, got ' + (arguments.length - 2));
    if (!freeform && input === undefined) input = {};
    if (freeform ? typeof input !== 'string' : !plain(input)) {
      throw new TE(label + (freeform ? ' takes one string argument (it is a freeform tool)' : ' takes one plain object argument, like ' + label + '({ ... })') + ', got ' + kind(input, isArray(input), plain(input)));
    }
    const id = hostCall(name, freeform ? stringify(input) : toJson(input, 'the argument of ' + label));
    return new PromiseCtor(function (resolve, fail) { apply(mapSet, pending, [id, [resolve, fail]]); });
  } catch (e) {
    const error = new TE(e instanceof ErrorCtor ? str(e.message) : str(e));
    def(error, 'code', { value: 'INVALID_ARGS', writable: true, enumerable: true, configurable: true });
    return apply(reject, PromiseCtor, [error]);
  }
}
function deliver(id, ok, json) {
  const entry = apply(mapGet, pending, [id]);
  if (entry === undefined) return;
  apply(mapDelete, pending, [id]);
  if (ok) return entry[0](parse(json));
  const detail = parse(json), error = new ErrorCtor(detail.message), set = { writable: true, enumerable: true, configurable: true };
  def(error, 'name', { value: 'ToolError', writable: true, configurable: true });
  set.value = detail.code;
  def(error, 'code', set);
  if (detail.callId !== undefined) { set.value = detail.callId; def(error, 'callId', set); }
  entry[1](error);
}
function define(name, value) { def(G, name, { value: value }); }
function install(bindingsJson) {
  const bindings = parse(bindingsJson), target = O.create(null), all = [];
  for (let i = 0; i < bindings.length; i++) {
    const b = bindings[i], fn = call.bind(undefined, b.jsName, b.kind === 'freeform');
    def(fn, 'name', { value: b.jsName });
    def(target, b.jsName, { value: freeze(fn), enumerable: true });
    all[i] = freeze({ name: b.canonicalName, jsName: b.jsName, description: b.description });
  }
  const names = O.keys(freeze(target));
  const available = names.length === 0 ? 'none' : names.slice(0, 30).join(', ') + (names.length > 30 ? ', ...' : '');
  const handler = O.create(null);
  handler.get = function (t, key) {
    if (typeof key === 'symbol') return undefined;
    if (hasOwn(t, key)) return t[key];
    throw new TE('tools.' + key + ' is not an available tool (available: ' + available + '); see ALL_TOOLS');
  };
  handler.set = handler.defineProperty = handler.deleteProperty = handler.setPrototypeOf = function (t, key) {
    throw new TE('tools is read-only (tried to change ' + str(key) + ')');
  };
  define('tools', new Proxy(target, handler));
  define('ALL_TOOLS', freeze(all));
}
function textJson(v) {
  if (typeof v === 'object' && v !== null) {
    if (v instanceof ErrorCtor) return stringify(str(v.name) + (str(v.message) === '' ? '' : ': ' + str(v.message)));
    try { const json = stringify(v); if (typeof json === 'string') return stringify(json); } catch (e) {}
  }
  return stringify(typeof v === 'string' ? v : str(v));
}
define('text', function text(value) { hostText(textJson(value)); });
return { install: install, deliver: deliver, toJson: toJson, textJson: textJson, define: define, parse: parse };
})`;
