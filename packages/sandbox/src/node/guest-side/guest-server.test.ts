import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../../contract/sandbox-limits.js';
import { echo } from '../../test-support/echo-binding.js';
import { UNREACHABLE_MS } from '../../test-support/unreachable-ms.js';
import { FrameDecoder, encodeFrame } from '../frame-codec.js';
import { createGuestServer } from '../guest-side/guest-server.js';

// The guest server in this thread, with the bytes it writes recorded: which frames each
// write carries, and whether it said an answer is due (the peer then looks for it).

interface Write {
  readonly frames: string[];
  readonly answerDue: boolean;
}

/**
 * Run `source` (with cells) on a fresh guest server; resolves with its writes once `done`
 * holds of them. The program never ends (its calls are never answered): no limit is involved.
 */
function writesOf(source: string, done: (writes: readonly Write[]) => boolean, now?: () => number): Promise<Write[]> {
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
          const limits = resolveSandboxLimits({ cpuBudgetMs: UNREACHABLE_MS, memoryBytes: 8 * 1024 * 1024 });
          server.receive(encodeFrame(JSON.stringify({ type: 'run', source, bindings: [echo], limits, storedJson: '{}' })));
        }
        if (done(writes)) resolve(writes);
      },
      die: (message) => {
        reject(new Error(message));
        throw new Error(message);
      },
      polls: () => 0,
      ...(now === undefined ? {} : { now }),
    });
    server.start(8 * 1024 * 1024);
  });
}

describe('createGuestServer', () => {
  it('writes a yield at once with the output before it, in the middle of a turn that keeps computing, without looking for a due answer', async () => {
    // No call is ever answered. The timer's turn prints, yields, computes, then calls a tool:
    // its batch is written when the turn ends, after the yield.
    const source = "tools.echo({ n: 1 }); setTimeout(() => { text('before'); yield_control(); for (let i = 0; i < 100000; i++) {} tools.echo({ n: 2 }); }, 0); await new Promise(() => {});";
    // The hold's clock stands still: only the yield itself may write early, however slow the machine.
    const writes = await writesOf(source, (writes) => writes.filter((write) => write.frames.includes('toolBatch')).length === 2, () => 0);
    expect(writes).toEqual([
      { frames: ['ready'], answerDue: false },
      { frames: ['toolBatch'], answerDue: true },
      { frames: ['output:before', 'yield'], answerDue: false },
      { frames: ['toolBatch'], answerDue: true },
    ]);
  });

  it('writes the frames of a turn that ends soon together, once it has ended', async () => {
    // The call is never answered: the program waits (without a timer), and the test stops at its batch.
    // The hold's clock stands still, so however slowly this machine runs the turn, nothing is held long enough to go early.
    const writes = await writesOf("text('a'); store('k', 1); await tools.echo({});", (writes) => writes.some((write) => write.frames.includes('toolBatch')), () => 0);
    expect(writes).toEqual([
      { frames: ['ready'], answerDue: false },
      { frames: ['output:a', 'store', 'toolBatch'], answerDue: true },
    ]);
  });
});
