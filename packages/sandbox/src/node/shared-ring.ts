// A one-way byte stream between two threads over a SharedArrayBuffer: one writer, one
// reader, like a pipe. A frame bigger than the ring goes through in pieces. Neither side
// copies more than once, and a side is woken (Atomics.notify) only when it said it sleeps.

/** Header words (Int32): bytes written and read so far (mod 2^32), and who sleeps. */
const WRITTEN = 0;
const READ = 1;
const READER_SLEEPS = 2;
const WRITER_SLEEPS = 3;
const HEADER_BYTES = 16;

/** A ring's default capacity: bigger than almost every frame, small beside a worker's heap. */
export const DEFAULT_RING_BYTES = 256 * 1024;

/** Allocate the shared memory of a ring holding `capacity` bytes (a power of two). */
export function createRingBuffer(capacity: number = DEFAULT_RING_BYTES): SharedArrayBuffer {
  if (!Number.isInteger(Math.log2(capacity)) || capacity < 16 || capacity > 2 ** 30) throw new RangeError(`a ring holds a power of two bytes from 16 to 2^30, not ${capacity}`);
  return new SharedArrayBuffer(HEADER_BYTES + capacity);
}

/** One end's view of a ring; the same class serves the writer and the reader. */
export class SharedRing {
  private readonly header: Int32Array;
  private readonly data: Uint8Array;
  private readonly mask: number;

  constructor(buffer: SharedArrayBuffer) {
    this.header = new Int32Array(buffer, 0, HEADER_BYTES / 4);
    this.data = new Uint8Array(buffer, HEADER_BYTES);
    this.mask = this.data.length - 1;
  }

  /** Bytes waiting for the reader. */
  get available(): number {
    return (Atomics.load(this.header, WRITTEN) - Atomics.load(this.header, READ)) >>> 0;
  }

  /** Copy as much of `bytes` as fits (from `offset`), wake a sleeping reader; returns how many went in. */
  write(bytes: Uint8Array, offset = 0): number {
    const written = Atomics.load(this.header, WRITTEN);
    const free = this.data.length - ((written - Atomics.load(this.header, READ)) >>> 0);
    const count = Math.min(free, bytes.length - offset);
    if (count === 0) return 0;
    const start = written & this.mask;
    const first = Math.min(count, this.data.length - start);
    this.data.set(bytes.subarray(offset, offset + first), start);
    if (first < count) this.data.set(bytes.subarray(offset + first, offset + count), 0);
    Atomics.store(this.header, WRITTEN, (written + count) | 0);
    if (Atomics.load(this.header, READER_SLEEPS) === 1) Atomics.notify(this.header, WRITTEN);
    return count;
  }

  /** Take every byte waiting (undefined when none), wake a writer that waits for room. */
  read(): Buffer | undefined {
    const read = Atomics.load(this.header, READ);
    const count = (Atomics.load(this.header, WRITTEN) - read) >>> 0;
    if (count === 0) return undefined;
    const start = read & this.mask;
    const first = Math.min(count, this.data.length - start);
    const bytes = Buffer.allocUnsafe(count);
    bytes.set(this.data.subarray(start, start + first), 0);
    if (first < count) bytes.set(this.data.subarray(0, count - first), first);
    Atomics.store(this.header, READ, (read + count) | 0);
    if (Atomics.load(this.header, WRITER_SLEEPS) === 1) Atomics.notify(this.header, READ);
    return bytes;
  }

  /**
   * Say whether the reader sleeps (wants a notify on the next write). Returns whether bytes
   * are waiting, checked after the flag is set so that no write goes unnoticed.
   */
  readerSleeps(sleeps: boolean): boolean {
    Atomics.store(this.header, READER_SLEEPS, sleeps ? 1 : 0);
    return this.available > 0;
  }

  /** Resolves on the writer's next notify (at once when bytes wait); the reader must sleep. */
  waitForData(): Promise<unknown> {
    return waitAsync(this.header, WRITTEN, Atomics.load(this.header, READ));
  }

  /** Block until the writer writes or `timeoutMs` passes (for a reader that may block; it must sleep). */
  blockForData(timeoutMs: number): void {
    Atomics.wait(this.header, WRITTEN, Atomics.load(this.header, READ), timeoutMs);
  }

  /** Block until the reader frees room (for a thread that may block). */
  blockForRoom(): void {
    Atomics.store(this.header, WRITER_SLEEPS, 1);
    const written = Atomics.load(this.header, WRITTEN);
    const read = Atomics.load(this.header, READ);
    if (((written - read) >>> 0) === this.data.length) Atomics.wait(this.header, READ, read);
    Atomics.store(this.header, WRITER_SLEEPS, 0);
  }

  /** Resolves once the reader frees room (for a thread that must not block). */
  async waitForRoom(): Promise<void> {
    Atomics.store(this.header, WRITER_SLEEPS, 1);
    const read = Atomics.load(this.header, READ);
    if (((Atomics.load(this.header, WRITTEN) - read) >>> 0) === this.data.length) await waitAsync(this.header, READ, read);
    Atomics.store(this.header, WRITER_SLEEPS, 0);
  }

  /** Wake whoever waits on this ring, so a dead peer leaves no waiter behind. */
  release(): void {
    Atomics.notify(this.header, WRITTEN);
    Atomics.notify(this.header, READ);
  }
}

type WaitAsyncResult = { readonly async: false; readonly value: string } | { readonly async: true; readonly value: Promise<string> };
// `Atomics.waitAsync` is ES2024, past the shared tsconfig's `lib`; Node has it since 16.
const atomics = Atomics as unknown as { waitAsync(view: Int32Array, index: number, value: number): WaitAsyncResult };

/** `Atomics.waitAsync`, as a promise either way (it answers at once when the value differs). */
function waitAsync(view: Int32Array, index: number, value: number): Promise<unknown> {
  const waited = atomics.waitAsync(view, index, value);
  return waited.async ? waited.value : Promise.resolve(waited.value);
}
