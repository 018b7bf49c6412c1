import { afterAll } from 'vitest';
import type { SandboxTransport } from '../contract/sandbox-transport.js';
import { createInProcessTransport } from '../host/in-process-transport.js';
import { createChildProcessTransport } from '../node/child-process-transport.js';
import { createWorkerTransport } from '../node/worker-transport.js';
import { UNREACHABLE_MS } from './unreachable-ms.js';

/**
 * Room for heavy programs on a busy machine, where children start slowly from sources: a
 * test about the CPU budget sets its own, for every other one it never trips.
 */
const LIMITS = { cpuBudgetMs: UNREACHABLE_MS, memoryBytes: 32 * 1024 * 1024, bootTimeoutMs: 60_000 };

const TRANSPORTS: Record<string, () => SandboxTransport> = {
  'in process': () => createInProcessTransport({ limits: LIMITS }),
  'child process': () => createChildProcessTransport({ limits: LIMITS, pool: { size: 1 } }),
  'worker thread': () => createWorkerTransport({ limits: LIMITS, pool: { size: 1 } }),
};

/** The named transports, for `describe.each`, closed after the calling file's tests. */
function closedAfterAll(names: readonly string[]): Array<[string, SandboxTransport]> {
  const transports = names.map((name): [string, SandboxTransport] => [name, (TRANSPORTS[name] as () => SandboxTransport)()]);
  afterAll(async () => {
    await Promise.all(transports.map(([, transport]) => transport.close()));
  });
  return transports;
}

/** The in-process transport and a one-child child-process transport. */
export function bothTransports(): Array<[string, SandboxTransport]> {
  return closedAfterAll(['in process', 'child process']);
}

/** Every transport: in process, one child process, one worker thread. */
export function everyTransport(): Array<[string, SandboxTransport]> {
  return closedAfterAll(Object.keys(TRANSPORTS));
}
