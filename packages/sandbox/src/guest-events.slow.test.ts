import type { JsonValue } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import type { SandboxCells } from './contract/run-program-request.js';
import type { GuestEventType } from './shared/guest-events.js';
import { GUEST_EVENT_TYPES } from './shared/guest-events.js';
import { everyTransport } from './test-support/both-transports.js';

// Every guest event reaches the host's request on every transport (the switchboard's
// routes: in process, and framed over a child's pipes or a worker's rings). A program per
// event type, typed by the union: a new event does not compile without one.
const PROGRAMS: { readonly [T in GuestEventType]: { readonly source: string; readonly received: unknown[] } } = {
  output: { source: "text('hi')", received: [['onOutput', { type: 'text', text: 'hi' }]] },
  store: { source: "store('k', { a: [1, 'x'] })", received: [['onStore', 'k', { a: [1, 'x'] }]] },
  notify: { source: 'notify({ progress: 0.5 })', received: [['onNotify', { progress: 0.5 }]] },
  yield: { source: 'yield_control()', received: [['onYield']] },
};

describe.each(everyTransport())('every guest event on the %s transport (slow)', (_name, transport) => {
  it.each(GUEST_EVENT_TYPES)('%s reaches the host', async (type) => {
    const received: unknown[] = [];
    const cells: SandboxCells = {
      storedValues: {},
      onStore: (key: string, value: JsonValue) => received.push(['onStore', key, value]),
      onNotify: (value: JsonValue) => received.push(['onNotify', value]),
      onYield: () => received.push(['onYield']),
    };
    const result = await transport.run({
      source: `${PROGRAMS[type].source}; return 1`,
      bindings: [],
      onToolBatch: () => [],
      onOutput: (item) => received.push(['onOutput', item]),
      cells,
    });
    expect(result.status).toBe('completed');
    expect(received).toEqual(PROGRAMS[type].received);
  });
});
