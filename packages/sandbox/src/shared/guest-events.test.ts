import type { JsonValue } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import type { OutputItem } from '../contract/output-item.js';
import type { HostCallbackName, RunProgramRequest } from '../contract/run-program-request.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { GUEST_EVENT_TYPES, decodeGuestEvent, deliverGuestEvent, guestEventFrame } from './guest-events.js';
import type { GuestEvent, GuestEventType } from './guest-events.js';
import { childFrameCaps, parseChildMessage } from './protocol-messages.js';

// Every guest event goes through the switchboard on both of its routes: framed by the guest
// server and checked by the parent (child process, worker thread), or decoded in process.
// A sample per event type, typed by the union: a new event does not compile without one.
const SAMPLES: { readonly [T in GuestEventType]: Extract<GuestEvent, { type: T }> } = {
  output: { type: 'output', item: { type: 'text', text: 'hi "there"' } },
  store: { type: 'store', key: 'k\u0000"', valueJson: '{"a":[1,"x"]}' },
  notify: { type: 'notify', valueJson: '{"progress":0.5}' },
  yield: { type: 'yield' },
};

const limits = resolveSandboxLimits({});
const run = { bindings: new Map(), seenCallIds: new Set<number>(), cells: true };

/** What a host receives from `event` when it is delivered: each callback called, with its arguments. */
function delivered(event: Parameters<typeof deliverGuestEvent>[0]): unknown[] {
  const calls: unknown[] = [];
  const request = {
    source: '',
    bindings: [],
    onToolBatch: () => [],
    cells: {
      storedValues: {},
      onStore: (key: string, value: JsonValue) => calls.push(['onStore', key, value]),
      onNotify: (value: JsonValue) => calls.push(['onNotify', value]),
      onYield: () => calls.push(['onYield']),
    },
  } satisfies RunProgramRequest;
  deliverGuestEvent(event, {
    request,
    callSafely: (callback: HostCallbackName, call: () => void) => {
      calls.push(['via', callback]);
      call();
    },
    output: (item: OutputItem) => calls.push(['output', item]),
  });
  return calls;
}

describe('the guest event switchboard', () => {
  it('has a sample for every event it routes', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...GUEST_EVENT_TYPES].sort());
  });

  it.each(GUEST_EVENT_TYPES)('%s: the framed route (guest server → parent check) gives the host what the in-process route gives it', (type) => {
    const event = SAMPLES[type];
    const frame = guestEventFrame(event);
    const parsed = parseChildMessage(frame, Buffer.byteLength(frame), childFrameCaps(limits), run);
    const decoded = decodeGuestEvent(event);
    expect(parsed).toEqual(decoded);
    expect(delivered(parsed as typeof decoded)).toEqual(delivered(decoded));
    expect(delivered(decoded).length).toBeGreaterThan(0);
  });

  it.each(GUEST_EVENT_TYPES)('%s: the parent refuses a frame of it over its cap', (type) => {
    const frame = guestEventFrame(SAMPLES[type]);
    const caps = { ...childFrameCaps(limits), [type]: Buffer.byteLength(frame) - 1 };
    expect(() => parseChildMessage(frame, Buffer.byteLength(frame), caps, run)).toThrow(/over its limit/);
  });
});
