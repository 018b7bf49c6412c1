import { SandboxProtocolError } from '../shared/sandbox-protocol-error.js';

// Frames: a 4-byte big-endian length, then that many bytes of UTF-8 JSON.

const HEADER_BYTES = 4;

/** Encode one frame. */
export function encodeFrame(json: string): Buffer {
  return encodeFrames([json]);
}

/** Encode frames one after another into one buffer (one allocation, no copy to join them). */
export function encodeFrames(texts: readonly string[]): Buffer {
  const lengths = texts.map((text) => Buffer.byteLength(text));
  let total = 0;
  for (const length of lengths) total += HEADER_BYTES + length;
  const frames = Buffer.allocUnsafe(total);
  let offset = 0;
  texts.forEach((text, index) => {
    const length = lengths[index] as number;
    frames.writeUInt32BE(length, offset);
    offset += HEADER_BYTES;
    // Exactly `length` bytes: byteLength and write encode lone surrogates alike.
    frames.write(text, offset, length, 'utf8');
    offset += length;
  });
  return frames;
}

/** One decoded frame. */
export interface DecodedFrame {
  /** The frame's JSON text. */
  readonly json: string;
  /** Its size in bytes, without the header. */
  readonly bytes: number;
}

/**
 * Reassembles frames from stream chunks. A frame longer than `maxFrameBytes()` is refused
 * from its header, before any of it is buffered.
 */
export class FrameDecoder {
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private headerFilled = 0;
  private body: Buffer | undefined;
  private bodyFilled = 0;

  constructor(private readonly maxFrameBytes: () => number) {}

  /**
   * Feed a chunk; returns the frames it completed.
   *
   * @throws SandboxProtocolError for a frame over the limit. The stream is unusable after.
   */
  push(chunk: Buffer): DecodedFrame[] {
    const frames: DecodedFrame[] = [];
    let offset = 0;
    while (offset < chunk.length) {
      if (this.body === undefined) {
        if (this.headerFilled === 0 && chunk.length - offset >= HEADER_BYTES) {
          const length = this.checkLength(chunk.readUInt32BE(offset));
          offset += HEADER_BYTES;
          if (chunk.length - offset >= length) {
            // The whole frame is in this chunk: decode it in place.
            frames.push({ json: chunk.toString('utf8', offset, offset + length), bytes: length });
            offset += length;
            continue;
          }
          this.startBody(length);
        } else {
          const copied = chunk.copy(this.header, this.headerFilled, offset, offset + HEADER_BYTES - this.headerFilled);
          this.headerFilled += copied;
          offset += copied;
          if (this.headerFilled < HEADER_BYTES) break;
          this.headerFilled = 0;
          this.startBody(this.checkLength(this.header.readUInt32BE(0)));
        }
      }
      const body = this.body;
      if (body === undefined) continue;
      const copied = chunk.copy(body, this.bodyFilled, offset, offset + body.length - this.bodyFilled);
      this.bodyFilled += copied;
      offset += copied;
      if (this.bodyFilled === body.length) {
        frames.push({ json: body.toString('utf8'), bytes: body.length });
        this.body = undefined;
      }
    }
    return frames;
  }

  private checkLength(length: number): number {
    const limit = this.maxFrameBytes();
    if (length > limit) throw new SandboxProtocolError(`a frame of ${length} bytes is over the limit of ${limit} bytes`);
    return length;
  }

  private startBody(length: number): void {
    this.body = Buffer.allocUnsafe(length);
    this.bodyFilled = 0;
  }
}

/**
 * Queues frames and writes them together once the current synchronous work is done, so a
 * guest turn that produces output and a tool batch costs one write. A long stretch can hand
 * over what it queued before it ends: {@link FrameWriter.flush} with `early`, or
 * {@link FrameWriter.flushIfHeld}, called now and then, for frames held too long.
 */
export class FrameWriter {
  private queued: string[] = [];
  /**
   * When a {@link FrameWriter.flushIfHeld} first found frames queued (undefined: none since
   * the last write). Stamped there rather than in `send`, which is on every turn's path.
   */
  private heldSince: number | undefined;

  /** `write` gets the frames' bytes, and `early` when synchronous work is still going on. */
  constructor(
    private readonly write: (data: Buffer, early: boolean) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Queue one frame. */
  send(json: string): void {
    this.queued.push(json);
    if (this.queued.length === 1) queueMicrotask(() => this.flush());
  }

  /** Write everything queued now; `early` while the stretch that queued it goes on. */
  flush(early = false): void {
    const queued = this.queued;
    if (queued.length === 0) return;
    this.queued = [];
    this.heldSince = undefined;
    this.write(encodeFrames(queued), early);
  }

  /**
   * Write everything queued, early, once it has been held `maxHoldMs` since a call first
   * found it queued: a frame waits at most `maxHoldMs` plus two gaps between calls.
   */
  flushIfHeld(maxHoldMs: number): void {
    if (this.queued.length === 0) return;
    const now = this.now();
    if (this.heldSince === undefined) this.heldSince = now;
    else if (now - this.heldSince >= maxHoldMs) this.flush(true);
  }
}
