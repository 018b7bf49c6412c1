import { describe, expect, it } from 'vitest';
import { MAX_POLLS_PER_WRITE, MAX_POLL_MS, MIN_POLL_MS, StdinPoller } from './stdin-poller.js';
import type { PollSource } from './stdin-poller.js';

// The poller runs on a clock the test moves: each read costs `readMs` of it, and the
// answer is there from the read whose clock reaches `answerAtMs`.

interface Stage {
  poller: StdinPoller;
  received: string[];
  /** The fake clock (ms). */
  clock: { now: number };
  /** Reads tried by the last poll. */
  reads: () => number;
  /** The answer's bytes become readable at this time (ms); undefined: never. */
  answerAt: (atMs: number | undefined, text?: string) => void;
  pending: { bytes: number };
}

function stage(readMs = 0.01): Stage {
  const clock = { now: 0 };
  const pending = { bytes: 0 };
  let answer: { atMs: number | undefined; text: string } = { atMs: undefined, text: '' };
  let reads = 0;
  const source: PollSource = {
    pending: () => pending.bytes,
    read(chunk) {
      reads += 1;
      clock.now += readMs;
      if (answer.atMs === undefined || clock.now < answer.atMs) return undefined;
      const bytes = Buffer.from(answer.text);
      bytes.copy(chunk);
      answer = { atMs: undefined, text: '' };
      return bytes.length;
    },
  };
  const received: string[] = [];
  const poller = new StdinPoller((chunk) => received.push(chunk.toString()), source, () => clock.now);
  return {
    poller,
    received,
    clock,
    pending,
    reads: () => {
      const count = reads;
      reads = 0;
      return count;
    },
    answerAt: (atMs, text = 'answer') => {
      answer = { atMs, text };
    },
  };
}

/** One tool call whose answer arrives `delayMs` after the poll starts, through the poll or later through the stream. */
function call(s: Stage, delayMs: number): 'polled' | 'streamed' {
  const start = s.clock.now;
  s.answerAt(start + delayMs);
  s.poller.poll();
  if (s.received.length > 0) {
    s.received.length = 0;
    return 'polled';
  }
  // The poll gave up; the stream delivers the answer when it comes.
  s.answerAt(undefined);
  s.clock.now = Math.max(s.clock.now, start + delayMs);
  s.poller.answered();
  return 'streamed';
}

describe('StdinPoller', () => {
  it('stops at the first read that finds bytes and hands them over', () => {
    const s = stage();
    s.answerAt(0.03);
    s.poller.poll();
    expect(s.received).toEqual(['answer']);
    expect(s.reads()).toBe(3);
    expect(s.poller.polls).toBe(3);
  });

  it('gives up once its budget is spent, starting with the shortest', () => {
    const s = stage(0.01);
    s.poller.poll();
    expect(s.received).toEqual([]);
    expect(s.clock.now).toBeGreaterThanOrEqual(MIN_POLL_MS);
    expect(s.clock.now).toBeLessThan(MIN_POLL_MS + 0.011);
  });

  it('tries at most MAX_POLLS_PER_WRITE reads, however cheap they are', () => {
    const s = stage(0);
    s.poller.poll();
    expect(s.reads()).toBe(MAX_POLLS_PER_WRITE);
  });

  it('does not read while the stream already holds bytes (they come first, in order)', () => {
    const s = stage();
    s.pending.bytes = 10;
    s.answerAt(0);
    s.poller.poll();
    expect(s.reads()).toBe(0);
    expect(s.received).toEqual([]);
  });

  it('hands nothing over at the end of input', () => {
    const s = stage();
    s.answerAt(0, '');
    s.poller.poll();
    expect(s.reads()).toBe(1);
    expect(s.received).toEqual([]);
  });

  it('lasts longer once answers have come later than it looked, and then catches them', () => {
    const s = stage(0.01);
    // The parent answers in 0.2 ms (on another CPU): the first polls give up, later ones wait long enough.
    const outcomes = Array.from({ length: 12 }, () => call(s, 0.2));
    expect(outcomes[0]).toBe('streamed');
    expect(outcomes.slice(-4)).toEqual(['polled', 'polled', 'polled', 'polled']);
    expect(s.poller.budgetMs).toBeGreaterThan(0.2);
    expect(s.poller.budgetMs).toBeLessThanOrEqual(MAX_POLL_MS);
  });

  it('is the shortest again once twice the typical delay is over MAX_POLL_MS', () => {
    const s = stage(0.01);
    for (let index = 0; index < 12; index += 1) call(s, 0.24);
    expect(s.poller.budgetMs).toBeGreaterThan(0.4);
    expect(s.poller.budgetMs).toBeLessThanOrEqual(MAX_POLL_MS);
    for (let index = 0; index < 12; index += 1) call(s, 0.3);
    expect(s.poller.budgetMs).toBe(MIN_POLL_MS);
    // A tool doing real work: answers in 5 ms are not worth chasing either.
    for (let index = 0; index < 12; index += 1) call(s, 0.1);
    expect(s.poller.budgetMs).toBeGreaterThan(MIN_POLL_MS);
    for (let index = 0; index < 3; index += 1) call(s, 5);
    expect(s.poller.budgetMs).toBe(MIN_POLL_MS);
    s.reads();
    s.poller.poll();
    expect(s.reads()).toBeLessThanOrEqual(Math.ceil(MIN_POLL_MS / 0.01) + 1);
  });

  it('counts the delay of an answer once, and bytes no poll waited for not at all', () => {
    const s = stage(0.01);
    s.poller.answered();
    expect(s.poller.budgetMs).toBe(MIN_POLL_MS);
    for (let index = 0; index < 4; index += 1) call(s, 0.1);
    const budget = s.poller.budgetMs;
    expect(budget).toBeGreaterThan(MIN_POLL_MS);
    s.clock.now += 100;
    s.poller.answered();
    expect(s.poller.budgetMs).toBe(budget);
  });
});
