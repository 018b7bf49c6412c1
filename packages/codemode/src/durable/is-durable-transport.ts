import type { DurableSandboxTransport, SandboxTransport } from '@toolcell/sandbox';

/** Whether a transport runs durable programs: it can run, resume and check their snapshots. */
export function isDurableTransport(transport: SandboxTransport): transport is DurableSandboxTransport {
  const durable = transport as Partial<DurableSandboxTransport>;
  return typeof durable.runDurable === 'function' && typeof durable.resume === 'function' && typeof durable.checkSnapshot === 'function';
}
