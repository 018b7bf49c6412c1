import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { SandboxPeer, SandboxPeerOptions } from './sandbox-peer.js';
import { SandboxPool } from './sandbox-pool.js';
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

function openPool(options: SandboxPoolOptions): { pool: SandboxPool; peers: FakePeer[] } {
  const peers: FakePeer[] = [];
  const pool = new SandboxPool(options, limits, (peerOptions) => {
    const peer = new FakePeer(peerOptions, peers.length + 1);
    peers.push(peer);
    return peer as unknown as SandboxPeer;
  });
  return { pool, peers };
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
    expect(pool.stats().idle).toEqual([1, 2]);
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
});
