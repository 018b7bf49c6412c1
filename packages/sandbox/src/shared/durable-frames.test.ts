import { ToolcellError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { durableParentFrames } from './durable-frames.js';
import type { WireCapture } from './durable-frames.js';
import { childFrameCaps, parseChildMessage } from './protocol-messages.js';

const limits = resolveSandboxLimits({ memoryBytes: 8 * 1024 * 1024 });
const bindings: SandboxBinding[] = [{ jsName: 'approve', canonicalName: 'approve', description: '', kind: 'function' }];
const run = { bindings: new Map(bindings.map((binding) => [binding.jsName, binding])), seenCallIds: new Set<number>(), cells: false };
const parse = (message: unknown) => {
  const json = JSON.stringify(message);
  return parseChildMessage(json, Buffer.byteLength(json), childFrameCaps(limits), run);
};

const capture: WireCapture = {
  wiring: '{"runtime":1}',
  calls: { issued: 2, parked: [{ id: 2, jsName: 'approve', inputJson: '{"n":1}' }] },
  timers: { nextId: 3, pending: [{ id: 1, dueAt: 1_700_000_000_000 }] },
  cpuMs: 4.5,
  watchdogMs: 12.25,
  output: { textChars: 5, textItems: 1, mediaItems: 0, mediaBytes: 0, exhausted: false },
  memoryBytes: 16 * 1024 * 1024,
  regions: [{ start: 0, bytes: 3, data: 'H4sIAAAAAAAAA2NgYGAAAPAGnWIDAAAA' }],
};
const suspended = { type: 'suspended', cpuMs: 4.5, toolCalls: 2, polls: 0, capture };

function protocolError(message: unknown): string {
  try {
    parse(message);
  } catch (error) {
    expect(ToolcellError.isInstance(error) && error.code).toBe('PROTOCOL_ERROR');
    return (error as Error).message.replace(/^sandbox protocol error: /, '');
  }
  throw new Error('expected a protocol error');
}

describe('durable frames', () => {
  it('a suspended frame round-trips through the parent parser', () => {
    expect(parse(suspended)).toEqual(suspended);
  });

  it('a wiring mismatch carries the peer wiring', () => {
    expect(parse({ type: 'wiringMismatch', found: '{"runtime":2}' })).toEqual({ type: 'wiringMismatch', found: '{"runtime":2}' });
    expect(protocolError({ type: 'wiringMismatch' })).toBe('a wiring mismatch frame has no wiring');
  });

  it('refuses a suspended frame whose parts are malformed', () => {
    const with_ = (change: Partial<WireCapture>) => ({ ...suspended, capture: { ...capture, ...change } });
    expect(protocolError({ ...suspended, cpuMs: -1 })).toBe('a suspended frame has malformed figures');
    expect(protocolError(with_({ calls: { issued: 2, parked: [] } }))).toBe('a suspended frame has no parked calls');
    expect(protocolError(with_({ calls: { issued: 2, parked: [{ id: 2, jsName: 'other', inputJson: '{}' }] } }))).toBe('a suspended program parks a call of an unknown binding');
    expect(protocolError(with_({ calls: { issued: 1, parked: [{ id: 2, jsName: 'approve', inputJson: '{}' }] } }))).toBe('a suspended program lists a malformed parked call');
    expect(protocolError(with_({ timers: { nextId: 1, pending: [{ id: 1, dueAt: Number.NaN }] } }))).toBe('a suspended frame has a malformed timer');
    expect(protocolError(with_({ regions: [{ start: 0, bytes: 3, data: 'not base64!' }] }))).toBe('a suspended frame has a malformed memory region');
    expect(protocolError(with_({ regions: [{ start: 16 * 1024 * 1024, bytes: 3, data: '' }] }))).toBe('a memory region lies past the memory');
    expect(protocolError(with_({ output: { ...capture.output, exhausted: 'no' as unknown as boolean } }))).toBe('a suspended frame has a malformed output budget');
  });

  it('refuses a suspended frame over its cap (three times the memory limit)', () => {
    const json = JSON.stringify(suspended);
    expect(() => parseChildMessage(json, 3 * limits.memoryBytes + 64 * 1024 + 1, childFrameCaps(limits), run)).toThrow(/the suspended frame of \d+ bytes is over its limit/);
  });

  it('park and resume frames are JSON the peer reads', () => {
    expect(JSON.parse(durableParentFrames.park(7))).toEqual({ type: 'park', id: 7 });
    const resume = { bindings, limits, capture, answers: [{ id: 2, ok: true, json: '"yes"' }], refusedAtParked: 1 };
    expect(JSON.parse(durableParentFrames.resume(resume))).toEqual({ type: 'resume', ...resume });
  });
});
