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
 * `(function (host) { … })` with `host = { call, text, kind, notJson, unknownTool }`:
 * `kind` describes a value for a message, `notJson` throws the TypeError for a value that is
 * not JSON data, `unknownTool` throws for `tools.<unknown>` (host functions, to keep this
 * source short). The host deletes {@link REMOVED_GLOBALS} before the prelude runs. Returns
 * the functions the host calls: `install(json)` with `json = { seed, bindings }` seeds
 * `Math.random` and adds `tools` and `ALL_TOOLS` for one program; `deliver(id, json, id,
 * json, …)` settles a batch of tool calls (a negative id for a failure, whose JSON is the
 * error detail the `ToolError` is built from); `toJson(value, what)` is strict JSON (throws a
 * TypeError naming what is not JSON data); `resultJson(value, what)` is the JSON of a returned
 * value, converted where JSON cannot hold it (the README's table); `textJson(value)` is the JSON of `text(value)`'s
 * text; `define(name, value)` adds a read-only global; `parse` is the original `JSON.parse`;
 * `error(name, json)` is a new `TypeError`, `RangeError` or `Error` with the message `json`
 * holds, for a host function to throw. Strings cross as JSON both ways (keys and messages
 * included): quickjs-emscripten reads and writes strings as C strings, which end at a NUL.
 * What a suspended program needs lives in guest memory, never in host handles (a handle is
 * memory of the process that made it): `keepMain(promise)` and `main()` keep and read the
 * program's main promise; `keep(id, callback, ...args)`, `fire(id)` and `drop(id)` hold, run
 * and forget a timer's callback by the host's timer id; `reseed(a, b, c, d)` reseeds
 * `Math.random` (a resumed program draws a stream of its own).
 * It also defines `console` (`log`, `info`, `warn`, `error`, `debug`), which prints as `text()` does, one
 * line per call, formatting values the way Node's `console.log` does on one line.
 */
export const GUEST_PRELUDE = `(function (host) {
'use strict';
const G = globalThis, O = Object, freeze = O.freeze, def = O.defineProperty, protoOf = O.getPrototypeOf;
const OP = O.prototype, isArray = Array.isArray, apply = Reflect.apply, finite = Number.isFinite;
const stringify = JSON.stringify, parse = JSON.parse, PromiseCtor = Promise, reject = Promise.reject;
const TE = TypeError, RE = RangeError, ErrorCtor = Error, StringCtor = String, IE = G.InternalError;
const MapCtor = Map, SetCtor = Set, DateCtor = Date, arrayFrom = Array.from, fromEntries = O.fromEntries, keysOf = O.keys, isView = ArrayBuffer.isView;
const toIso = DateCtor.prototype.toISOString, join = Array.prototype.join, push = Array.prototype.push, indexOf = Array.prototype.indexOf;
// A stack overflow passes through the helpers untouched, so the program ends with EXEC_STACK.
function overflow(e) { return e instanceof IE && e.message === 'stack overflow'; }
// Settlers of pending calls by id; no prototype, so a program cannot intercept the writes.
const resolvers = O.create(null), rejecters = O.create(null), toolNames = O.create(null);
const hostCall = host.call, hostText = host.text, kind = host.kind, notJson = host.notJson, unknownTool = host.unknownTool;
function str(v) { try { return StringCtor(v); } catch (e) { return '[unprintable]'; } }
function plain(v) {
  if (typeof v !== 'object' || v === null || isArray(v)) return false;
  const p = protoOf(v);
  return p === OP || p === null;
}
// Called for every value stringify writes: the usual kinds return first, and an object is
// read as plain() reads it (isArray, then its prototype), so a Proxy sees the same traps.
function replacer(key, v) {
  const t = typeof v;
  if (t === 'string' || t === 'boolean') return v;
  if (t === 'number') { if (finite(v)) return v; }
  else if (t === 'object') {
    if (v === null || isArray(v)) return v;
    const p = protoOf(v);
    if (p === OP || p === null) return v;
  } else if (t === 'undefined' && !isArray(this)) return v;
  notJson(stringify(key), v, isArray(this), isArray(v));
}
function toJson(v, what, name) {
  try { return stringify(v, replacer); }
  catch (e) { if (overflow(e)) throw e; throw new TE(what + (name === undefined ? '' : name) + ' is not JSON data: ' + (e instanceof ErrorCtor ? str(e.message) : str(e))); }
}
// Calls the host accepted, in order: the host's ledger numbers them the same way, so the
// host returns nothing (a returned handle costs more than the rest of the host's work).
let issued = 0;
// One executor for every call's promise (a closure each cost more than the rest of the promise).
let captured, capturedFail;
function capture(resolve, fail) { captured = resolve; capturedFail = fail; }
function call(index, name, freeform, input, extra) {
  try {
    if (extra !== undefined) throw new TE('tools.' + name + ' takes one argument');
    let json;
    if (freeform) {
      if (typeof input !== 'string') throw new TE('tools.' + name + ' takes one string argument (it is a freeform tool), got ' + kind(input, isArray(input), plain(input)));
      json = stringify(input);
    } else {
      if (input === undefined) input = {};
      else if (!plain(input)) throw new TE('tools.' + name + ' takes one plain object argument, like tools.' + name + '({ ... }), got ' + kind(input, isArray(input), false));
      json = toJson(input, 'the argument of tools.', name);
    }
    hostCall(index, json);
    const id = ++issued, promise = new PromiseCtor(capture);
    resolvers[id] = captured;
    rejecters[id] = capturedFail;
    toolNames[id] = name;
    return promise;
  } catch (e) {
    if (overflow(e)) throw e;
    const error = new TE(e instanceof ErrorCtor ? str(e.message) : str(e));
    def(error, 'code', { value: 'INVALID_ARGS', writable: true, enumerable: true, configurable: true });
    return apply(reject, PromiseCtor, [error]);
  }
}
// The error of a failed call (no stack yet: awaiting it adds the program's own).
function toolError(json, tool) {
  const detail = parse(json), error = new ErrorCtor();
  delete error.stack;
  def(error, 'name', { value: 'ToolError', writable: true, enumerable: true, configurable: true });
  def(error, 'message', { value: detail.message, writable: true, enumerable: true, configurable: true });
  if (detail.code !== undefined) def(error, 'code', { value: detail.code, enumerable: true, configurable: true });
  if (detail.callId !== undefined) def(error, 'callId', { value: detail.callId, enumerable: true, configurable: true });
  def(error, 'tool', { value: tool, enumerable: true, configurable: true });
  return error;
}
function error(name, json) { return new (name === 'TypeError' ? TE : name === 'RangeError' ? RE : ErrorCtor)(parse(json)); }
// One call settles a batch: the arguments are pairs of a call id (negative for a failure)
// and the JSON of its answer (the value, or the error detail). The first pair is named: a
// lone answer, the usual case, then costs no arguments object.
function settle(signed, json) {
  const id = signed < 0 ? -signed : signed, resolve = resolvers[id], fail = rejecters[id], tool = toolNames[id];
  if (resolve === undefined) return;
  delete resolvers[id];
  delete rejecters[id];
  delete toolNames[id];
  if (signed > 0) resolve(parse(json));
  else fail(toolError(json, tool));
}
function deliver(id, json, ...more) {
  settle(id, json);
  for (let i = 0; i + 1 < more.length; i += 2) settle(more[i], more[i + 1]);
}
function define(name, value) { def(G, name, { value: value }); }
// Math.random is xoshiro128**, seeded by the host for each program: realms are reset to one
// memory snapshot, where QuickJS's own generator would replay the same numbers every time.
const imul = Math.imul;
let s0 = 1, s1 = 0, s2 = 0, s3 = 0;
function rotl(x, k) { return (x << k) | (x >>> (32 - k)); }
function next() {
  const result = imul(rotl(imul(s1, 5), 7), 9) >>> 0, t = s1 << 9;
  s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
  return result;
}
def(Math, 'random', { value: function random() { return ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992; }, writable: true, configurable: true });
let main;
const timers = O.create(null);
function keepMain(p) { main = p; }
function current() { return main; }
function keep(id, callback, ...args) { timers[id] = [callback, args]; }
function fire(id) {
  const timer = timers[id];
  if (timer === undefined) return;
  delete timers[id];
  apply(timer[0], undefined, timer[1]);
}
function drop(id) { delete timers[id]; }
function reseed(a, b, c, d) { s0 = a | 0; s1 = b | 0; s2 = c | 0; s3 = d | 0; if ((s0 | s1 | s2 | s3) === 0) s0 = 1; }
function install(json) {
  // The bindings are own properties (read at full speed); only a name that is not one reaches
  // the Proxy behind them, whose get throws the TypeError listing the tools.
  const handler = O.create(null);
  handler.get = function (t, key) {
    if (typeof key === 'symbol') return undefined;
    unknownTool(stringify(key));
  };
  const request = parse(json), seed = request.seed, bindings = request.bindings, target = O.create(new Proxy(freeze(O.create(null)), handler)), all = [];
  s0 = seed[0] | 0; s1 = seed[1] | 0; s2 = seed[2] | 0; s3 = seed[3] | 0;
  issued = 0;
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;
  for (let i = 0; i < bindings.length; i++) {
    const b = bindings[i], fn = call.bind(undefined, i, b.jsName, b.kind === 'freeform');
    def(fn, 'name', { value: b.jsName });
    def(target, b.jsName, { value: freeze(fn), enumerable: true });
    all[i] = freeze({ name: b.canonicalName, jsName: b.jsName, description: b.description });
  }
  define('tools', freeze(target));
  define('ALL_TOOLS', freeze(all));
}
function textJson(v) {
  if (typeof v === 'object' && v !== null) {
    if (v instanceof ErrorCtor) return stringify(str(v.name) + (str(v.message) === '' ? '' : ': ' + str(v.message)));
    // A cycle or a BigInt throws its TypeError here, as JSON.stringify does.
    const json = stringify(v);
    return stringify(typeof json === 'string' ? json : 'undefined');
  }
  if (typeof v === 'bigint') throw new TE('text() cannot print a BigInt as JSON; convert it with String(value) first');
  return stringify(typeof v === 'string' ? v : str(v));
}
define('text', function text(value) { hostText(textJson(value)); });
// A returned value: JSON data as is, and what JSON cannot hold converted so nothing is lost
// without a trace (the rules are the README's table "The return value crosses as JSON").
function loose(key, v) {
  const t = typeof v;
  if (t === 'string' || t === 'boolean') return v;
  if (t === 'number') return finite(v) ? v : str(v);
  if (t === 'bigint') return str(v);
  if (t === 'undefined') return isArray(this) ? null : v;
  if (t === 'object') {
    if (v === null || isArray(v)) return v;
    const p = protoOf(v);
    if (p === OP || p === null) return v;
    if (v instanceof MapCtor) {
      const entries = arrayFrom(v);
      for (let i = 0; i < entries.length; i++) if (typeof entries[i][0] !== 'string') return entries;
      return fromEntries(entries);
    }
    if (v instanceof SetCtor || isView(v)) return arrayFrom(v);
    if (v instanceof ErrorCtor) {
      const e = { name: str(v.name), message: str(v.message) }, own = keysOf(v);
      for (let i = 0; i < own.length; i++) if (own[i] !== 'name' && own[i] !== 'message') e[own[i]] = v[own[i]];
      return e;
    }
    const copy = {}, own = keysOf(v);
    for (let i = 0; i < own.length; i++) def(copy, own[i], { value: v[own[i]], enumerable: true, writable: true, configurable: true });
    return copy;
  }
  notJson(stringify(key), v, isArray(this), isArray(v));
}
function resultJson(v, what) {
  try { return stringify(v, loose); }
  catch (e) { if (overflow(e)) throw e; throw new TE(what + ' is not JSON data: ' + (e instanceof ErrorCtor ? str(e.message) : str(e))); }
}
// console: one text line per call, values formatted as Node's console.log formats them (on one line).
function quote(s) {
  const j = stringify(s);
  return j.indexOf("'") >= 0 ? j : "'" + j.slice(1, -1).split('\\\\"').join('"') + "'";
}
function keyText(k) { return /^[A-Za-z_$][\\w$]*$/.test(k) ? k : quote(k); }
function errorText(v) {
  const code = typeof v.code === 'string' ? ' [' + v.code + ']' : '';
  return str(v.name) + code + (str(v.message) === '' ? '' : ': ' + str(v.message));
}
function ctorName(v) {
  try { const n = v.constructor.name; return typeof n === 'string' && n !== '' ? n : 'Object'; } catch (e) { return 'Object'; }
}
function inspect(v, depth, seen) {
  const t = typeof v;
  if (t === 'string') return quote(v);
  if (t === 'bigint') return str(v) + 'n';
  if (t === 'function') return v.name ? '[Function: ' + str(v.name) + ']' : '[Function (anonymous)]';
  if (t !== 'object' || v === null) return str(v);
  if (apply(indexOf, seen, [v]) >= 0) return '[Circular]';
  if (v instanceof ErrorCtor) return '[' + errorText(v) + ']';
  if (v instanceof DateCtor) { try { return apply(toIso, v, []); } catch (e) { return 'Invalid Date'; } }
  const list = isArray(v) || isView(v), map = v instanceof MapCtor, set = v instanceof SetCtor, p = protoOf(v);
  const name = list ? (isArray(v) ? '' : ctorName(v) + '(' + v.length + ') ') : map ? 'Map(' + v.size + ') ' : set ? 'Set(' + v.size + ') ' : p === OP ? '' : p === null ? '[Object: null prototype] ' : ctorName(v) + ' ';
  if (depth > 2) return list ? '[Array]' : '[' + (map ? 'Map' : set ? 'Set' : p === OP || p === null ? 'Object' : ctorName(v)) + ']';
  const items = [];
  apply(push, seen, [v]);
  if (list) {
    const n = v.length < 100 ? v.length : 100;
    for (let i = 0; i < n; i++) apply(push, items, [inspect(v[i], depth + 1, seen)]);
    if (v.length > 100) apply(push, items, ['... ' + (v.length - 100) + ' more items']);
  } else if (map || set) {
    const entries = arrayFrom(v);
    for (let i = 0; i < entries.length; i++) apply(push, items, [map ? inspect(entries[i][0], depth + 1, seen) + ' => ' + inspect(entries[i][1], depth + 1, seen) : inspect(entries[i], depth + 1, seen)]);
  } else {
    const own = keysOf(v);
    for (let i = 0; i < own.length; i++) apply(push, items, [keyText(own[i]) + ': ' + inspect(v[own[i]], depth + 1, seen)]);
  }
  seen.length -= 1;
  const open = list ? '[' : '{', close = list ? ']' : '}';
  return items.length === 0 ? name + open + close : name + open + ' ' + apply(join, items, [', ']) + ' ' + close;
}
function shown(v) { return typeof v === 'string' ? v : typeof v === 'object' && v instanceof ErrorCtor ? errorText(v) : inspect(v, 0, []); }
function format(args) {
  let next = 0, head = '';
  const first = args[0];
  if (typeof first === 'string' && args.length > 1 && first.indexOf('%') >= 0) {
    next = 1;
    head = first.replace(/%[sdifjoOc%]/g, function (m) {
      if (m === '%%') return '%';
      if (next >= args.length) return m;
      const a = args[next++], c = m[1];
      if (c === 's') return typeof a === 'object' && a !== null ? inspect(a, 1, []) : typeof a === 'bigint' ? str(a) + 'n' : str(a);
      if (c === 'd' || c === 'i') return typeof a === 'bigint' ? str(a) + 'n' : str(c === 'd' ? Number(a) : parseInt(a));
      if (c === 'f') return str(parseFloat(a));
      if (c === 'j') { try { return stringify(a); } catch (e) { return '[Circular]'; } }
      if (c === 'c') return '';
      return inspect(a, 0, []);
    });
  } else if (args.length > 0) {
    head = shown(first);
    next = 1;
  }
  for (; next < args.length; next++) head += ' ' + shown(args[next]);
  return head;
}
function printer(name) {
  const fn = function () {
    let line;
    try { line = format(arguments); } catch (e) { if (overflow(e)) throw e; line = '[unprintable: ' + (e instanceof ErrorCtor ? str(e.message) : str(e)) + ']'; }
    hostText(stringify(line));
  };
  def(fn, 'name', { value: name });
  return fn;
}
const consoleObject = {};
const methods = ['log', 'info', 'warn', 'error', 'debug'];
for (let i = 0; i < methods.length; i++) consoleObject[methods[i]] = printer(methods[i]);
def(G, 'console', { value: consoleObject, writable: true, configurable: true });
return { install: install, deliver: deliver, toJson: toJson, resultJson: resultJson, textJson: textJson, define: define, parse: parse, error: error, keepMain: keepMain, main: current, keep: keep, fire: fire, drop: drop, reseed: reseed };
})`;
