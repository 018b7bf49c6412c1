// Every call ends: a default per-call timeout, configurable per runtime and per tool.
// The clock is faked, so nothing races real timers.
import type { ToolContext } from '@toolcell/core';
import { jsonOutput } from '@toolcell/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countingTool, singleTool } from './test-support/fixtures.js';
import './test-support/loaded-validators.js';
import { settledAfter } from './test-support/settled-after.js';
import { DEFAULT_TIMEOUT_MS } from './tool-runtime.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A tool that never finishes on its own; remembers its signal. */
function endless(extra: { timeoutMs?: number } = {}) {
  const seen: { signal?: AbortSignal } = {};
  const tool = countingTool('endless', {
    ...extra,
    execute: (_input: unknown, context: ToolContext) => {
      seen.signal = context.signal;
      return new Promise(() => undefined);
    },
  });
  return { tool, seen };
}

describe('default per-call timeout', () => {
  it(`ends a call of a tool without timeoutMs after ${DEFAULT_TIMEOUT_MS} ms with TIMEOUT and aborts its signal`, async () => {
    const { tool, seen } = endless();
    const outcome = singleTool(tool).dispatch();
    expect(await settledAfter(outcome, DEFAULT_TIMEOUT_MS - 1)).toBe('pending');
    expect(await settledAfter(outcome, 1)).toMatchObject({ status: 'error', code: 'TIMEOUT', message: expect.stringContaining(`within its ${DEFAULT_TIMEOUT_MS} ms timeout`) });
    expect(seen.signal?.aborted).toBe(true);
  });

  it('takes the runtime-wide default from defaultTimeoutMs', async () => {
    const { tool } = endless();
    expect(await settledAfter(singleTool(tool, { timeoutMs: 1_000 }).dispatch(), 1_000)).toMatchObject({ code: 'TIMEOUT' });
  });

  it("lets a tool's own timeoutMs win, and Infinity turn the timeout off", async () => {
    const short = endless({ timeoutMs: 50 });
    expect(await settledAfter(singleTool(short.tool).dispatch(), 50)).toMatchObject({ code: 'TIMEOUT' });
    const never = endless({ timeoutMs: Number.POSITIVE_INFINITY });
    const { runtime, dispatch } = singleTool(never.tool, { timeoutMs: 10 });
    const outcome = dispatch();
    expect(await settledAfter(outcome, 24 * 60 * 60 * 1000)).toBe('pending');
    runtime.cancel('c1');
    await expect(outcome).resolves.toMatchObject({ code: 'ABORTED' });
  });

  it("treats a tool's malformed timeoutMs (0, NaN) as an immediate timeout, not as none", async () => {
    for (const timeoutMs of [0, Number.NaN]) {
      const { tool } = endless({ timeoutMs });
      expect(await settledAfter(singleTool(tool).dispatch(), 1)).toMatchObject({ code: 'TIMEOUT' });
    }
  });

  it('arms no timer for a tool that returns its output at once, and clears the timer of one that returns a promise', async () => {
    let timersWhileRunning: number | undefined;
    const atOnce = countingTool('at_once', {
      execute: () => {
        timersWhileRunning = vi.getTimerCount();
        return jsonOutput({ done: true });
      },
    });
    await expect(singleTool(atOnce).dispatch()).resolves.toMatchObject({ status: 'ok' });
    expect(timersWhileRunning).toBe(0);
    const pending = singleTool(countingTool('later', { execute: () => Promise.resolve(jsonOutput({ done: true })) })).dispatch();
    expect(vi.getTimerCount()).toBe(1);
    await expect(pending).resolves.toMatchObject({ status: 'ok' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('arms no timer for a call cancelled while its execute ran, before it returned a promise', async () => {
    const holder: { cancel?: () => void } = {};
    const tool = countingTool('self_cancelling', {
      execute: () => {
        holder.cancel?.();
        return new Promise(() => undefined);
      },
    });
    const { runtime, dispatch } = singleTool(tool);
    holder.cancel = () => runtime.cancel('c1');
    await expect(dispatch()).resolves.toMatchObject({ code: 'ABORTED' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('accepts Infinity as the runtime default and refuses zero or NaN', async () => {
    const { tool } = endless();
    const { runtime, dispatch } = singleTool(tool, { timeoutMs: Number.POSITIVE_INFINITY });
    const outcome = dispatch();
    expect(await settledAfter(outcome, 10 * DEFAULT_TIMEOUT_MS)).toBe('pending');
    runtime.cancel('c1');
    await outcome;
    expect(() => singleTool(tool, { timeoutMs: 0 })).toThrow('executor.defaultTimeoutMs');
    expect(() => singleTool(tool, { timeoutMs: Number.NaN })).toThrow('executor.defaultTimeoutMs');
  });
});
