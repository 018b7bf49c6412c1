import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { echo } from '../test-support/echo-binding.js';
import { FrameDecoder, encodeFrame } from './frame-codec.js';
import { createGuestServer } from './guest-server.js';

// The guest server in this thread, with the bytes it writes recorded: which frames each
// write carries, and whether it said an answer is due (the peer then looks for it).

interface Write {
  readonly frames: string[];
  readonly answerDue: boolean;
}

/** Run `source` (with cells) on a fresh guest server; resolves with its writes once `done` holds (by default: the result frame is written). */
function writesOf(source: string, cpuBudgetMs: number, done = (frames: string[]) => frames.includes('result')): Promise<Write[]> {
  const writes: Write[] = [];
  return new Promise((resolve, reject) => {
    const server = createGuestServer({
      write: (data, answerDue) => {
        const frames = new FrameDecoder(() => data.length).push(data).map((frame) => {
          const message = JSON.parse(frame.json) as { type: string; item?: { text: string } };
          return message.item === undefined ? message.type : `${message.type}:${message.item.text}`;
        });
        writes.push({ frames, answerDue });
        if (frames[0] === 'ready') {
          const limits = resolveSandboxLimits({ cpuBudgetMs, memoryBytes: 8 * 1024 * 1024 });
          server.receive(encodeFrame(JSON.stringify({ type: 'run', source, bindings: [echo], limits, storedJson: '{}' })));
        }
        if (done(frames)) resolve(writes);
      },
      die: (message) => {
        reject(new Error(message));
        throw new Error(message);
      },
      polls: () => 0,
    });
    server.start(8 * 1024 * 1024);
  });
}

describe('createGuestServer', () => {
  it('writes a yield at once with the output before it, in the middle of a turn that keeps computing, without looking for a due answer', async () => {
    // The call's answer never comes; the timer's turn prints, yields, then computes until the CPU budget ends it.
    const source = "tools.echo({}); setTimeout(() => { text('before'); yield_control(); for (;;) {} }, 0); await new Promise(() => {});";
    const writes = await writesOf(source, 200);
    expect(writes).toEqual([
      { frames: ['ready'], answerDue: false },
      { frames: ['toolBatch'], answerDue: true },
      { frames: ['output:before', 'yield'], answerDue: false },
      { frames: ['result'], answerDue: false },
    ]);
  });

  it('writes the frames of a turn that ends soon together, once it has ended', async () => {
    // The call is never answered: the program waits (without a timer), and the test stops at its batch.
    const writes = await writesOf("text('a'); store('k', 1); await tools.echo({});", 200, (frames) => frames.includes('toolBatch'));
    expect(writes).toEqual([
      { frames: ['ready'], answerDue: false },
      { frames: ['output:a', 'store', 'toolBatch'], answerDue: true },
    ]);
  });
});
