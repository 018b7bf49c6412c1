import { describe, expect, it } from 'vitest';
import type { GuestToolResponse, GuestToolSuccess } from './contract/guest-tool-call.js';
import { everyTransport } from './test-support/both-transports.js';
import { echo } from './test-support/echo-binding.js';

// A program that calls a tool answering at once, over and over, must not hold the event
// loop of the thread that runs it: the guest's own timers and (in process) the host's timers
// and I/O still run. Each program below ends only once that happened; without the turn
// scheduler's bound it would run into its CPU budget instead.

const transports = everyTransport();
const limits = { cpuBudgetMs: 20_000 };
const answerAtOnce = (value: GuestToolSuccess['value']) => (calls: readonly unknown[]) =>
  calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value }));

describe.each(transports)('the event loop on the %s transport', (_name, transport) => {
  it("runs the program's own setTimeout while it calls a tool that answers at once", async () => {
    const result = await transport.run({
      source: 'let fired = false; setTimeout(() => { fired = true }, 0); let calls = 0; while (!fired) { await tools.echo({}); calls++ } return calls > 0',
      bindings: [echo],
      limits,
      onToolBatch: answerAtOnce(null),
    });
    expect(result).toMatchObject({ status: 'completed', returnValue: true });
  });
});

describe('the host on the in-process transport', () => {
  const [[, inProcess]] = transports as [[string, (typeof transports)[number][1]]];
  it('runs its own timers while a program calls a tool that answers at once', async () => {
    let due = false;
    let armed = false;
    const result = await inProcess.run({
      source: 'let calls = 0; while (!(await tools.echo({}))) calls++; return calls > 0',
      bindings: [echo],
      limits,
      onToolBatch: (calls) => {
        // Armed once the program runs, so only a turn of the event loop during it can set it.
        if (!armed) {
          armed = true;
          setTimeout(() => {
            due = true;
          }, 0);
        }
        return calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: due }));
      },
    });
    expect(result).toMatchObject({ status: 'completed', returnValue: true });
  });
});
