import { ToolcellError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { FrameDecoder, FrameWriter, encodeFrame, encodeFrames } from './frame-codec.js';

const frames = (...texts: string[]): Buffer => Buffer.concat(texts.map((text) => encodeFrame(text)));

describe('encodeFrame', () => {
  it('prefixes the UTF-8 bytes with their length, big-endian', () => {
    const frame = encodeFrame('{"a":"é"}');
    expect(frame.readUInt32BE(0)).toBe(10);
    expect(frame.subarray(4).toString('utf8')).toBe('{"a":"é"}');
  });
});

describe('FrameDecoder', () => {
  it('decodes several frames from one chunk', () => {
    const decoder = new FrameDecoder(() => 1024);
    expect(decoder.push(frames('{"n":1}', '{"n":2}'))).toEqual([
      { json: '{"n":1}', bytes: 7 },
      { json: '{"n":2}', bytes: 7 },
    ]);
  });

  it('reassembles frames split at every byte, including inside the header and a multibyte character', () => {
    const decoder = new FrameDecoder(() => 1024);
    const data = frames('{"text":"漢字🙂"}', '{}');
    const decoded = [...data].flatMap((byte) => decoder.push(Buffer.from([byte])));
    expect(decoded.map((frame) => frame.json)).toEqual(['{"text":"漢字🙂"}', '{}']);
  });

  it('refuses a frame over the limit from its header alone', () => {
    const decoder = new FrameDecoder(() => 16);
    const header = Buffer.alloc(4);
    header.writeUInt32BE(0xffffffff, 0);
    let thrown: unknown;
    try {
      decoder.push(header);
    } catch (error) {
      thrown = error;
    }
    expect(ToolcellError.isInstance(thrown) && thrown.code).toBe('PROTOCOL_ERROR');
    expect((thrown as Error).message).toBe('sandbox protocol error: a frame of 4294967295 bytes is over the limit of 16 bytes');
  });
});

describe('encodeFrames', () => {
  it('lays the frames out as their single encodings one after another', () => {
    const texts = ['{"a":"é"}', '', '{"s":"\ud800 😀"}', '{"n":1}'];
    const joined = encodeFrames(texts);
    expect(joined).toEqual(frames(...texts));
    expect(new FrameDecoder(() => 64).push(joined).map((frame) => frame.json)).toEqual(['{"a":"é"}', '', '{"s":"\ufffd 😀"}', '{"n":1}']);
  });
});

describe('FrameWriter', () => {
  it('writes the frames of one synchronous stretch together', async () => {
    const writes: Buffer[] = [];
    const writer = new FrameWriter((data) => writes.push(data));
    writer.send('{"n":1}');
    writer.send('{"n":2}');
    expect(writes).toHaveLength(0);
    await Promise.resolve();
    expect(writes).toEqual([frames('{"n":1}', '{"n":2}')]);
  });

  it('writes early on request, saying so, and leaves nothing for the end of the stretch', async () => {
    const writes: Array<[Buffer, boolean]> = [];
    const writer = new FrameWriter((data, early) => writes.push([data, early]));
    writer.send('{"n":1}');
    writer.send('{"n":2}');
    writer.flush(true);
    expect(writes).toEqual([[frames('{"n":1}', '{"n":2}'), true]]);
    writer.send('{"n":3}');
    await Promise.resolve();
    expect(writes).toEqual([
      [frames('{"n":1}', '{"n":2}'), true],
      [frames('{"n":3}'), false],
    ]);
  });

  it('writes frames early once a check has seen them held for the bound, and holds them until then', () => {
    const writes: Array<[Buffer, boolean]> = [];
    let now = 100;
    const writer = new FrameWriter((data, early) => writes.push([data, early]), () => now);
    writer.flushIfHeld(5);
    writer.send('{"n":1}');
    now = 102;
    // The first check that finds frames queued starts their hold.
    writer.flushIfHeld(5);
    writer.send('{"n":2}');
    now = 106;
    writer.flushIfHeld(5);
    expect(writes).toEqual([]);
    now = 107;
    writer.flushIfHeld(5);
    expect(writes).toEqual([[frames('{"n":1}', '{"n":2}'), true]]);
    // A write ends the hold: the next frames' starts at the next check.
    writer.send('{"n":3}');
    now = 200;
    writer.flushIfHeld(5);
    expect(writes).toHaveLength(1);
    now = 205;
    writer.flushIfHeld(5);
    expect(writes).toEqual([
      [frames('{"n":1}', '{"n":2}'), true],
      [frames('{"n":3}'), true],
    ]);
  });
});
