import { describe, expect, it } from 'vitest';
import { SharedRing, createRingBuffer } from './shared-ring.js';

// Both ends on one thread: the ring's bookkeeping, wrap-around and back-pressure.

const bytes = (...values: number[]): Buffer => Buffer.from(values);

describe('SharedRing', () => {
  it('passes bytes in order, across the end of the buffer', () => {
    const buffer = createRingBuffer(16);
    const writer = new SharedRing(buffer);
    const reader = new SharedRing(buffer);
    for (let round = 0; round < 5; round += 1) {
      const chunk = Buffer.from(Array.from({ length: 11 }, (_, index) => (round * 11 + index) % 256));
      expect(writer.write(chunk)).toBe(11);
      expect(reader.available).toBe(11);
      expect(reader.read()).toEqual(chunk);
      expect(reader.read()).toBeUndefined();
    }
  });

  it('takes only what fits, and the rest once the reader made room', () => {
    const buffer = createRingBuffer(16);
    const writer = new SharedRing(buffer);
    const reader = new SharedRing(buffer);
    const frame = Buffer.from(Array.from({ length: 40 }, (_, index) => index));
    const received: Buffer[] = [];
    let offset = writer.write(frame);
    expect(offset).toBe(16);
    expect(writer.write(frame, offset)).toBe(0);
    while (offset < frame.length) {
      received.push(reader.read() as Buffer);
      offset += writer.write(frame, offset);
    }
    received.push(reader.read() as Buffer);
    expect(Buffer.concat(received)).toEqual(frame);
  });

  it('tells a reader that goes to sleep whether bytes already wait', () => {
    const buffer = createRingBuffer(16);
    const ring = new SharedRing(buffer);
    expect(ring.readerSleeps(true)).toBe(false);
    ring.write(bytes(1));
    expect(ring.readerSleeps(true)).toBe(true);
  });

  it('wakes a sleeping reader on the next write, and a writer once there is room', async () => {
    const buffer = createRingBuffer(16);
    const writer = new SharedRing(buffer);
    const reader = new SharedRing(buffer);
    reader.readerSleeps(true);
    const woken = reader.waitForData();
    writer.write(bytes(7));
    await woken;
    expect(reader.read()).toEqual(bytes(7));

    writer.write(Buffer.alloc(16, 1));
    let roomMade = false;
    const room = writer.waitForRoom().then(() => (roomMade = true));
    await Promise.resolve();
    expect(roomMade).toBe(false);
    reader.read();
    await room;
    expect(writer.write(bytes(9))).toBe(1);
  });

  it('refuses a capacity that is not a power of two', () => {
    expect(() => createRingBuffer(1000)).toThrow('a ring holds a power of two bytes from 16 to 2^30, not 1000');
  });
});
