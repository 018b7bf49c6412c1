import { describe, expect, it } from 'vitest';
import { AnswerWait, BLOCK_BUDGET_MS, MAX_SPIN_MS, MAX_SPINS_PER_WRITE } from './answer-wait.js';
import type { AnswerInbox } from './answer-wait.js';

/**
 * An inbox on a fake clock: each look costs `lookMs`, the host's answer lands `answerMs`
 * after each wait starts, and a block returns when the answer lands or its timeout passes.
 */
class FakeInbox implements AnswerInbox {
  time = 0;
  lookMs = 0.001;
  answerMs = 0.01;
  blocks = 0;
  private answerAt = Number.POSITIVE_INFINITY;

  get available(): number {
    this.time += this.lookMs;
    return this.time >= this.answerAt ? 1 : 0;
  }

  readerSleeps(): boolean {
    return this.time >= this.answerAt;
  }

  blockForData(timeoutMs: number): void {
    this.blocks += 1;
    this.time = Math.min(this.time + timeoutMs, Math.max(this.time, this.answerAt));
  }

  /** One tool call: the answer is due `answerMs` from now; returns the looks the wait took. */
  call(wait: AnswerWait): number {
    const looks = wait.looks;
    this.answerAt = this.time + this.answerMs;
    wait.wait();
    if (Number.isFinite(this.answerAt)) this.time = Math.max(this.time, this.answerAt);
    return wait.looks - looks;
  }
}

function setup(): { inbox: FakeInbox; wait: AnswerWait } {
  const inbox = new FakeInbox();
  return { inbox, wait: new AnswerWait(inbox, () => inbox.time) };
}

describe('AnswerWait', () => {
  it('spins for about twice the typical answer time, so an answer in that time is seen without a block', () => {
    const { inbox, wait } = setup();
    inbox.answerMs = 0.06;
    for (let call = 0; call < 20; call += 1) inbox.call(wait);
    // The answer time it sees includes its own looks.
    expect(wait.spinBudgetMs).toBeGreaterThan(0.11);
    expect(wait.spinBudgetMs).toBeLessThan(0.13);
    const blocks = inbox.blocks;
    expect(inbox.call(wait)).toBeGreaterThan(50);
    expect(inbox.blocks).toBe(blocks);
  });

  it('spins for at most MAX_SPIN_MS, then blocks for at most BLOCK_BUDGET_MS', () => {
    const { inbox, wait } = setup();
    inbox.answerMs = 0.9 * MAX_SPIN_MS;
    for (let call = 0; call < 20; call += 1) inbox.call(wait);
    expect(wait.spinBudgetMs).toBe(MAX_SPIN_MS);
    // An answer that never comes: the spin stops at its budget (read every 64 looks), the block at its own.
    inbox.answerMs = Number.POSITIVE_INFINITY;
    const started = inbox.time;
    const blocks = inbox.blocks;
    const looks = inbox.call(wait);
    expect(looks * inbox.lookMs).toBeLessThanOrEqual(MAX_SPIN_MS + 64 * inbox.lookMs);
    expect(inbox.blocks).toBe(blocks + 1);
    expect(inbox.time - started).toBeLessThanOrEqual(MAX_SPIN_MS + 65 * inbox.lookMs + BLOCK_BUDGET_MS);
  });

  it('stops spinning while the host answers later than any spin would wait, and spins again once it is fast', () => {
    const { inbox, wait } = setup();
    inbox.answerMs = 5;
    for (let call = 0; call < 5; call += 1) inbox.call(wait);
    expect(wait.spinBudgetMs).toBe(0);
    expect(inbox.call(wait)).toBe(0);
    inbox.answerMs = 0.03;
    const calls = Array.from({ length: 6 }, () => inbox.call(wait));
    expect(calls[0]).toBe(0);
    expect(calls.at(-1)).toBeGreaterThan(0);
    expect(wait.spinBudgetMs).toBeGreaterThan(0);
  });

  it('one slow answer does not turn a fast host’s spin off', () => {
    const { inbox, wait } = setup();
    inbox.answerMs = 0.03;
    for (let call = 0; call < 20; call += 1) inbox.call(wait);
    inbox.answerMs = 50;
    inbox.call(wait);
    expect(wait.spinBudgetMs).toBeGreaterThan(0);
  });

  it('bounds the looks of one wait even when the clock stands still', () => {
    const { inbox, wait } = setup();
    inbox.lookMs = 0;
    inbox.answerMs = Number.POSITIVE_INFINITY;
    expect(inbox.call(wait)).toBe(MAX_SPINS_PER_WRITE);
  });
});
