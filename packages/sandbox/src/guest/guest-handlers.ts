import type { ProgramError } from '../contract/program-result.js';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from '../shared/json-depth.js';
import { mediaProblem } from '../shared/output-budget.js';
import type { OutputBudget } from '../shared/output-budget.js';
import { programErrors } from '../shared/program-errors.js';
import { turnDataLimit } from '../shared/turn-data-limit.js';
import { fitsUtf8, utf8Length } from '../shared/utf8-length.js';
import type { EngineSink } from './engine-sink.js';
import { guestError } from './guest-error.js';
import type { GuestTimers } from './guest-timers.js';
import type { NativeHandlers } from './guest-natives.js';
import type { ToolCallLedger } from './tool-call-ledger.js';

/** What the natives of one program act on. */
export interface GuestHandlerState {
  readonly limits: SandboxLimits;
  readonly bindings: readonly SandboxBinding[];
  readonly host: EngineSink;
  readonly calls: ToolCallLedger;
  readonly timers: GuestTimers;
  /** The program's output budget (a resumed program's carries what it spent before). */
  readonly budget: OutputBudget;
  /** The guest's stored values (key → JSON) when cells are on. */
  readonly stored: Map<string, string> | undefined;
  /** Whether the program is stopping (after `exit()` or a limit): later effects are dropped. */
  stopped(): boolean;
  exit(): void;
  /** Stop the program with `error` (it ends at the next interrupt poll). */
  fail(error: ProgramError): void;
  /** Data sent to the host in the current turn, in UTF-16 units; the run resets it each turn. */
  readonly turn: { sent: number };
}

/** Refuse a `store` that would take the cell's stored values over their byte limit. */
function checkStoredTotal(stored: Map<string, string> | undefined, key: string, valueJson: string, maxBytes: number): void {
  let total = utf8Length(key) + utf8Length(valueJson);
  for (const [otherKey, json] of stored ?? []) if (otherKey !== key) total += utf8Length(otherKey) + utf8Length(json);
  if (total <= maxBytes) return;
  throw guestError('RangeError', `store("${key}"): stored values would take ${total} bytes, over the limit of ${maxBytes}; store less or reuse keys`);
}

/** The host side of the guest API for one program: each runs inside the interpreter. */
export function createGuestHandlers(state: GuestHandlerState): NativeHandlers {
  const { limits, host } = state;
  const budget = state.budget;
  const bindingNames = new Set(state.bindings.map((binding) => binding.jsName));
  // Data leaving the guest is bounded in size and in depth, so no walk of it on the host can overflow.
  const checkSize = (json: string, what: string): void => {
    if (!fitsUtf8(json, limits.maxMessageBytes)) {
      throw guestError('RangeError', `${what} is ${utf8Length(json)} bytes of JSON, over the limit of ${limits.maxMessageBytes} bytes`);
    }
    if (jsonNestsDeeperThan(json, MAX_JSON_DEPTH)) throw guestError('RangeError', `${what} nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`);
  };
  // An output limit was reached: stop, and unwind the guest at once (it may catch; the interrupt follows).
  const overflow = (error: ProgramError): never => {
    state.fail(error);
    throw guestError('RangeError', error.message);
  };
  // Counted before the data is framed or copied anywhere on the host side.
  const charge = (json: string): void => {
    state.turn.sent += json.length;
    if (state.turn.sent > turnDataLimit(limits)) overflow(programErrors.turnDataLimit(turnDataLimit(limits)));
  };
  return {
    call: (binding, inputJson) => {
      if (state.stopped()) throw guestError('Error', 'the program has ended');
      const jsName = Number.isInteger(binding) ? state.bindings[binding]?.jsName : undefined;
      if (jsName === undefined) throw guestError('TypeError', 'the call names no available tool');
      checkSize(inputJson, `the input of tools.${jsName}`);
      charge(inputJson);
      state.calls.issue(jsName, inputJson);
    },
    unknownTool: (key) => {
      const names = [...bindingNames];
      const available = names.length === 0 ? 'none' : names.slice(0, 30).join(', ') + (names.length > 30 ? ', ...' : '');
      throw guestError('TypeError', `tools.${key} is not an available tool (available: ${available}); see ALL_TOOLS`);
    },
    text: (text) => {
      if (state.stopped()) return;
      const decision = budget.text(text);
      if (decision.item !== undefined) host.event({ type: 'output', item: decision.item });
      if (decision.overflow) overflow(programErrors.textLimit(limits));
    },
    media: (type, mimeType, data) => {
      if (state.stopped()) return;
      const problem = mediaProblem(type, mimeType, data);
      if (problem !== undefined) throw guestError('TypeError', problem);
      const decision = budget.media(type, mimeType, data);
      if (decision.item !== undefined) host.event({ type: 'output', item: decision.item });
      if (decision.overflow) overflow(programErrors.mediaLimit(limits));
    },
    setTimer: (delayMs) => {
      if (state.stopped()) throw guestError('Error', 'the program has ended');
      return state.timers.set(delayMs);
    },
    clearTimer: (id) => state.timers.clear(id),
    exit: () => state.exit(),
    store: (key, valueJson) => {
      if (state.stopped()) return;
      checkSize(valueJson, `the value stored under "${key}"`);
      checkStoredTotal(state.stored, key, valueJson, limits.maxStoredBytes);
      charge(valueJson);
      state.stored?.set(key, valueJson);
      host.event({ type: 'store', key, valueJson });
    },
    load: (key) => state.stored?.get(key),
    notify: (valueJson) => {
      if (state.stopped()) return;
      checkSize(valueJson, 'the notified value');
      charge(valueJson);
      host.event({ type: 'notify', valueJson });
    },
    yieldControl: () => {
      if (!state.stopped()) host.event({ type: 'yield' });
    },
    stopped: () => state.stopped(),
    stackOverflow: () => {
      state.fail(programErrors.stack(limits));
      throw guestError('RangeError', 'stack overflow (host functions nested too deeply)');
    },
  };
}
