import type { JsonValue } from '@toolcell/core';
import type { OutputItem } from '../contract/output-item.js';
import type { HostCallbackName, RunProgramRequest } from '../contract/run-program-request.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { SandboxProtocolError } from './sandbox-protocol-error.js';

// The switchboard of guest → host events: everything a program tells its host besides its
// tool calls and its result (those two keep their own measured frames in
// protocol-messages.ts). Each transport routes every event through this one table: the guest
// server frames it, the parent checks it and hands it to the request, the in-process
// transport hands it over directly. A new event touches three places:
//   1. its entry here (the engine's form, the frame, the cap, the check, the delivery);
//   2. the request contract (contract/run-program-request.ts): the callback that receives it;
//   3. the guest handler that raises it (guest/guest-handlers.ts, `host.event({ type, … })`).
// guest-events.test.ts proves that every entry round-trips on every transport's route.

/** An event as the engine raises it: guest values stay the JSON text the guest produced. */
export type GuestEvent =
  | { readonly type: 'output'; readonly item: OutputItem }
  | { readonly type: 'store'; readonly key: string; readonly valueJson: string }
  | { readonly type: 'notify'; readonly valueJson: string }
  | { readonly type: 'yield' };

/** An event as the host receives it (the parent's checked frame, or the in-process decode). */
export type GuestEventMessage =
  | { readonly type: 'output'; readonly item: OutputItem }
  | { readonly type: 'store'; readonly key: string; readonly value: JsonValue }
  | { readonly type: 'notify'; readonly value: JsonValue }
  | { readonly type: 'yield' };

/** The kinds of guest event. */
export type GuestEventType = GuestEvent['type'];

/** Where a host delivers events: its request, and how it keeps an output item. */
export interface GuestEventReceiver {
  readonly request: RunProgramRequest;
  /** Call a request callback; what it throws is reported, never the program's problem. */
  readonly callSafely: (callback: HostCallbackName, call: () => void) => void;
  /** Keep an output item (the transport's budget and list) and pass it to `onOutput`. */
  readonly output: (item: OutputItem) => void;
}

/** One event's row of the switchboard. */
interface GuestEventEntry<T extends GuestEventType> {
  /** The data a frame of this kind may carry (the parent adds an envelope); none: a control frame. */
  readonly cap: (limits: SandboxLimits) => number | undefined;
  /** How deep the frame nests around the guest's value. */
  readonly envelopeDepth: number;
  /** Only a run with cells may raise it. */
  readonly cellsOnly: boolean;
  /** Sent at once, with what was queued before it, even in the middle of a turn. */
  readonly urgent: boolean;
  /** The frame the guest server writes, built around the guest's JSON. */
  readonly frame: (event: Extract<GuestEvent, { type: T }>) => string;
  /** The parent's check of a parsed frame (`message.type` is `T`). */
  readonly check: (message: Readonly<Record<string, unknown>>, checkOutput: (item: unknown) => OutputItem) => Extract<GuestEventMessage, { type: T }>;
  /** The event without a frame, as the in-process transport receives it. */
  readonly decode: (event: Extract<GuestEvent, { type: T }>) => Extract<GuestEventMessage, { type: T }>;
  /** Hand the event to the host. */
  readonly deliver: (event: Extract<GuestEventMessage, { type: T }>, receiver: GuestEventReceiver) => void;
}

function fail(message: string): never {
  throw new SandboxProtocolError(message);
}

/** The switchboard. */
export const GUEST_EVENTS: { readonly [T in GuestEventType]: GuestEventEntry<T> } = {
  output: {
    cap: (limits) => Math.max(6 * limits.maxTextChars, Math.ceil((limits.maxMediaBytes * 4) / 3)),
    envelopeDepth: 2,
    cellsOnly: false,
    urgent: false,
    frame: ({ item }) => `{"type":"output","item":${JSON.stringify(item)}}`,
    check: (message, checkOutput) => ({ type: 'output', item: checkOutput(message.item) }),
    decode: (event) => event,
    deliver: ({ item }, receiver) => receiver.output(item),
  },
  store: {
    cap: (limits) => 2 * limits.maxMessageBytes,
    envelopeDepth: 1,
    cellsOnly: true,
    urgent: false,
    frame: ({ key, valueJson }) => `{"type":"store","key":${JSON.stringify(key)},"value":${valueJson}}`,
    check: (message) => {
      if (typeof message.key !== 'string' || !('value' in message)) fail('an unexpected or malformed store');
      return { type: 'store', key: message.key, value: message.value as JsonValue };
    },
    decode: ({ key, valueJson }) => ({ type: 'store', key, value: JSON.parse(valueJson) as JsonValue }),
    deliver: ({ key, value }, { request, callSafely }) => callSafely('onStore', () => request.cells?.onStore(key, value)),
  },
  notify: {
    cap: (limits) => limits.maxMessageBytes,
    envelopeDepth: 1,
    cellsOnly: true,
    urgent: false,
    frame: ({ valueJson }) => `{"type":"notify","value":${valueJson}}`,
    check: (message) => {
      if (!('value' in message)) fail('an unexpected or malformed notify');
      return { type: 'notify', value: message.value as JsonValue };
    },
    decode: ({ valueJson }) => ({ type: 'notify', value: JSON.parse(valueJson) as JsonValue }),
    deliver: ({ value }, { request, callSafely }) => callSafely('onNotify', () => request.cells?.onNotify(value)),
  },
  // The program asks for the host's attention now: it goes with what it printed before.
  yield: {
    cap: () => undefined,
    envelopeDepth: 1,
    cellsOnly: true,
    urgent: true,
    frame: () => '{"type":"yield"}',
    check: () => ({ type: 'yield' }),
    decode: () => ({ type: 'yield' }),
    deliver: (_event, { request, callSafely }) => callSafely('onYield', () => request.cells?.onYield()),
  },
};

/** The kinds of guest event, in the switchboard's order. */
export const GUEST_EVENT_TYPES = Object.keys(GUEST_EVENTS) as GuestEventType[];

/** Whether `type` names a guest event. */
export function isGuestEventType(type: string): type is GuestEventType {
  return Object.hasOwn(GUEST_EVENTS, type);
}

// One generic signature over the union: TypeScript cannot correlate an event with its row.
type AnyEntry = GuestEventEntry<GuestEventType> & {
  frame(event: GuestEvent): string;
  decode(event: GuestEvent): GuestEventMessage;
  deliver(event: GuestEventMessage, receiver: GuestEventReceiver): void;
};
const entry = (type: GuestEventType): AnyEntry => GUEST_EVENTS[type] as AnyEntry;

/** The frame of an engine event (the guest server's side). */
export function guestEventFrame(event: GuestEvent): string {
  return entry(event.type).frame(event);
}

/** Whether the event goes to the host at once, with what was queued before it. */
export function isUrgentGuestEvent(event: GuestEvent): boolean {
  return entry(event.type).urgent;
}

/** An engine event as the host receives it, without a frame (the in-process side). */
export function decodeGuestEvent(event: GuestEvent): GuestEventMessage {
  return entry(event.type).decode(event);
}

/** Hand a received event to the host's request. */
export function deliverGuestEvent(event: GuestEventMessage, receiver: GuestEventReceiver): void {
  entry(event.type).deliver(event, receiver);
}

/**
 * The parent's check of a parsed event frame, for a run with or without cells.
 *
 * @throws SandboxProtocolError when the frame is malformed or not expected.
 */
export function checkGuestEvent(message: Readonly<Record<string, unknown>> & { type: GuestEventType }, cells: boolean, checkOutput: (item: unknown) => OutputItem): GuestEventMessage {
  const row = entry(message.type);
  if (row.cellsOnly && !cells) fail(message.type === 'yield' ? 'an unexpected yield' : `an unexpected or malformed ${message.type}`);
  return row.check(message, checkOutput);
}
