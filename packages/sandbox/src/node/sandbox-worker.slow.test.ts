import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { sanitizedEnvironment } from './child-command.js';
import { SandboxWorker } from './sandbox-worker.js';
import { workerResourceLimits } from './worker-command.js';

// The parent's handle on a worker thread, against stand-ins that die.

const limits = resolveSandboxLimits();
const options = { memoryBytes: limits.memoryBytes, stackBytes: limits.stackBytes, limits };

function standIn(code: string): SandboxWorker {
  return new SandboxWorker({
    ...options,
    thread: { entry: code, eval: true, execArgv: [], env: sanitizedEnvironment(), resourceLimits: workerResourceLimits(limits, limits.stackBytes) },
  });
}

describe('SandboxWorker (slow)', () => {
  it('reports a worker that dies before it is ready, with the head of its stderr', async () => {
    const worker = standIn('process.stderr.write("cannot load the interpreter"); process.exit(3)');
    await expect(worker.ready).rejects.toThrow('the sandbox worker exited with code 3; its stderr began: cannot load the interpreter');
    await worker.exited;
    expect(worker.alive).toBe(false);
  });

  it('reports a worker that throws', async () => {
    const worker = standIn('throw new Error("out of luck")');
    await expect(worker.ready).rejects.toThrow('the sandbox worker failed (out of luck)');
    await worker.exited;
  });
});
