import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { PeerWarmUp } from './peer-warm-up.js';
import type { SandboxPeer, SandboxPeerOptions } from './sandbox-peer.js';
import { SandboxPool, WARM_UP_LEAD } from './sandbox-pool.js';
import type { SandboxPoolOptions } from './sandbox-pool.js';

// The pool's choices on stand-in peers (ready at once, no process behind them) and a fake
// clock: which idle peer a program gets, and when idle peers stop.

const limits = resolveSandboxLimits();

class FakePeer {
  readonly ready = Promise.resolve();
  readonly exited: Promise<void>;
  readonly stackBytes: number;
  programs = 0;
  alive = true;
  onDeath: (() => void) | undefined;
  private settleExited: () => void = () => {};

  constructor(
    options: SandboxPeerOptions,
    readonly id: number,
  ) {
    this.stackBytes = options.stackBytes;
    this.exited = new Promise((resolve) => (this.settleExited = resolve));
  }

  hold(): void {}

  kill(): void {
    if (!this.alive) return;
    this.alive = false;
    this.onDeath?.();
    this.settleExited();
  }
}

function openPool(options: SandboxPoolOptions, warmUp?: PeerWarmUp): { pool: SandboxPool; peers: FakePeer[] } {
  const peers: FakePeer[] = [];
  const pool = new SandboxPool(
    options,
    limits,
    (peerOptions) => {
      const peer = new FakePeer(peerOptions, peers.length + 1);
      peers.push(peer);
      return peer as unknown as SandboxPeer;
    },
    warmUp,
  );
  return { pool, peers };
}

/** One warm-up the pool started: the peer, whether the pool lets it go on, and how to end it. */
interface WarmUpCall {
  readonly peer: SandboxPeer;
  readonly keepGoing: () => boolean;
  /** End the warm-up: `undefined` when the peer is sound, else why not (the peer is killed, as a real warm-up does). */
  end(failure?: string): void;
}

/** A warm-up that ends only when the test says so. */
function gatedWarmUp(): { warmUp: PeerWarmUp; calls: WarmUpCall[] } {
  const calls: WarmUpCall[] = [];
  const warmUp: PeerWarmUp = (peer, keepGoing) =>
    new Promise((resolve) => {
      calls.push({
        peer,
        keepGoing,
        end: (failure) => {
          if (failure !== undefined) peer.kill();
          resolve(failure);
        },
      });
    });
  return { warmUp, calls };
}

/** Run `count` programs on the peer used last, one after another. */
async function runPrograms(pool: SandboxPool, count: number): Promise<SandboxPeer> {
  let peer: SandboxPeer | undefined;
  for (let index = 0; index < count; index += 1) {
    peer = await take(pool);
    pool.release(peer, true);
  }
  return peer as SandboxPeer;
}

async function take(pool: SandboxPool): Promise<SandboxPeer> {
  const grant = await pool.acquire(limits.stackBytes);
  if (!('peer' in grant)) throw new Error(`refused: ${grant.refused}`);
  grant.peer.programs += 1;
  return grant.peer;
}

describe('SandboxPool', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands a program the idle peer used last (a warm one), another only while that one is busy', async () => {
    const { pool, peers } = openPool({ size: 2 });
    await vi.advanceTimersByTimeAsync(0);
    // A peer that never ran a program idles behind the others.
    expect(pool.stats().idle).toEqual([2, 1]);
    const first = await take(pool);
    pool.release(first, true);
    for (let index = 0; index < 3; index += 1) {
      const peer = await take(pool);
      expect(peer.id).toBe(first.id);
      pool.release(peer, true);
    }
    const busy = await take(pool);
    const other = await take(pool);
    expect(other.id).not.toBe(busy.id);
    expect(peers).toHaveLength(2);
    await pool.close();
  });

  it('keeps a spare that a busy pool leaves idle, and stops idle peers once no program started for idleTimeoutMs', async () => {
    const { pool, peers } = openPool({ size: 2, idleTimeoutMs: 1_000 });
    await vi.advanceTimersByTimeAsync(0);
    // A program every 400 ms for 4 s: each goes to the same peer; the other idles 4 s.
    for (let elapsed = 0; elapsed < 4_000; elapsed += 400) {
      pool.release(await take(pool), true);
      await vi.advanceTimersByTimeAsync(400);
    }
    expect(peers.map((peer) => peer.alive)).toEqual([true, true]);
    expect(pool.stats().idle).toHaveLength(2);
    // No program since the last one, 400 ms ago: both stop 1 s after it, not before.
    await vi.advanceTimersByTimeAsync(599);
    expect(peers.map((peer) => peer.alive)).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(1);
    expect(peers.map((peer) => peer.alive)).toEqual([false, false]);
    expect(pool.stats().idle).toEqual([]);
    await pool.close();
  });

  it('stops peers that never ran a program after idleTimeoutMs', async () => {
    const { pool, peers } = openPool({ size: 1, idleTimeoutMs: 1_000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(peers[0]?.alive).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(peers[0]?.alive).toBe(false);
    await pool.close();
  });

  describe('warm-up of the spare', () => {
    const maxProgramsPerProcess = WARM_UP_LEAD + 2;

    it('warms the idle peer that never ran a program once the peer in use is WARM_UP_LEAD programs from its end; it counts as starting, then idles behind that one and takes over from it', async () => {
      const { warmUp, calls } = gatedWarmUp();
      const { pool, peers } = openPool({ size: 2, maxProgramsPerProcess }, warmUp);
      await vi.advanceTimersByTimeAsync(0);
      const first = await runPrograms(pool, 1);
      expect(calls).toHaveLength(0);
      await runPrograms(pool, 1);
      expect(calls.map((call) => call.peer.id)).toEqual([2]);
      expect(pool.stats()).toEqual({ idle: [1], starting: [2], busy: [], queued: 0 });
      calls[0]?.end();
      await vi.advanceTimersByTimeAsync(0);
      expect(pool.stats().idle).toEqual([2, 1]);
      // The peer in use keeps its programs; at its end the warm spare takes over.
      expect((await runPrograms(pool, WARM_UP_LEAD)).id).toBe(first.id);
      expect(peers[0]?.alive).toBe(false);
      expect((await take(pool)).id).toBe(2);
      // The replacement started at once, and nothing else was warmed.
      expect(peers).toHaveLength(3);
      expect(calls).toHaveLength(1);
      await pool.close();
    });

    it('hands the warming spare to a program that finds no idle peer: the warm-up is told to stop, and the program waits for it to end', async () => {
      const { warmUp, calls } = gatedWarmUp();
      const { pool } = openPool({ size: 2, maxProgramsPerProcess }, warmUp);
      await vi.advanceTimersByTimeAsync(0);
      await runPrograms(pool, 2);
      const call = calls[0] as WarmUpCall;
      expect(call.keepGoing()).toBe(true);
      await take(pool);
      const spare = await take(pool);
      expect(spare.id).toBe(2);
      expect(call.keepGoing()).toBe(false);
      let ready = false;
      void pool.whenReady(spare).then(() => (ready = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(ready).toBe(false);
      call.end();
      await vi.advanceTimersByTimeAsync(0);
      expect(ready).toBe(true);
      expect(pool.stats().busy).toEqual([1, 2]);
      await pool.close();
    });

    it('replaces a spare that fails its warm-up, and tells a program that took it why', async () => {
      const { warmUp, calls } = gatedWarmUp();
      const { pool, peers } = openPool({ size: 2, maxProgramsPerProcess }, warmUp);
      await vi.advanceTimersByTimeAsync(0);
      await runPrograms(pool, 2);
      calls[0]?.end('the sandbox worker failed its warm-up: it crashed');
      await vi.advanceTimersByTimeAsync(0);
      expect(peers).toHaveLength(3);
      expect(pool.stats()).toEqual({ idle: [3, 1], starting: [], busy: [], queued: 0 });

      // The same with a program holding the spare: it is told, and its release replaces it.
      const held = openPool({ size: 2, maxProgramsPerProcess }, warmUp);
      await vi.advanceTimersByTimeAsync(0);
      await runPrograms(held.pool, 2);
      await take(held.pool);
      const spare = await take(held.pool);
      const waited = held.pool.whenReady(spare);
      calls[1]?.end('the sandbox worker failed its warm-up: it crashed');
      await expect(waited).rejects.toThrow('failed its warm-up: it crashed');
      expect(held.peers).toHaveLength(2);
      held.pool.release(spare, false);
      await vi.advanceTimersByTimeAsync(0);
      expect(held.peers).toHaveLength(3);
      await Promise.all([pool.close(), held.pool.close()]);
    });

    it('warms nothing without a warm-up, in a pool whose peers end sooner than WARM_UP_LEAD, or once it closes', async () => {
      const { warmUp, calls } = gatedWarmUp();
      const short = openPool({ size: 2, maxProgramsPerProcess: WARM_UP_LEAD }, warmUp);
      const none = openPool({ size: 2, maxProgramsPerProcess });
      await vi.advanceTimersByTimeAsync(0);
      await runPrograms(short.pool, WARM_UP_LEAD + 1);
      await runPrograms(none.pool, 2);
      expect(calls).toHaveLength(0);
      expect(none.pool.stats().idle).toEqual([2, 1]);

      const closing = openPool({ size: 2, maxProgramsPerProcess }, warmUp);
      await vi.advanceTimersByTimeAsync(0);
      await runPrograms(closing.pool, 2);
      const closed = closing.pool.close();
      expect(calls[0]?.keepGoing()).toBe(false);
      calls[0]?.end('the sandbox worker failed its warm-up: it was killed by the parent');
      await closed;
      expect(closing.peers).toHaveLength(2);
      await Promise.all([short.pool.close(), none.pool.close()]);
    });
  });
});
