// The README's durable-cells example, type-checked with the package.
import { DurableCells } from '@toolcell/codemode';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { ToolRuntime } from '@toolcell/executor';
import type { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';

export function durableCells(registry: ToolRegistry, secret: string): DurableCells {
  // Every approval is decided later, by a person, maybe in another process.
  const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'defer' }) } });
  return new DurableCells({
    registry,
    runtime,
    transport: createInProcessTransport(),
    store: new FileDurableStore({ directory: '/var/lib/my-agent/cells' }),
    keys: { current: { id: 'k1', secret } }, // at least 32 bytes, the same in every process
  });
}

export async function firstTurn(cells: DurableCells): Promise<string[]> {
  const report = await cells.start({
    code: `return await Promise.all(['a', 'b', 'c'].map((name) => tools.write_file({ path: name + '.txt', text: name })));`,
    session: 'chat-42',
    callId: 'call_1',
  });
  return report.status === 'suspended' ? report.pendingApprovals.map((approval) => approval.approvalId) : [];
}

export async function later(cells: DurableCells): Promise<unknown> {
  // Another request, another process: decide, then resume the cell.
  const pending = await cells.pending({ session: 'chat-42' });
  for (const approval of pending) await cells.decide(approval.approvalId, approval.args.includes('c.txt') ? { type: 'deny', reason: 'not c' } : { type: 'approve' });
  const first = pending[0];
  if (first === undefined) return undefined;
  const report = await cells.resume({ scope: 'root', session: 'chat-42', cell: first.cellId });
  return report.status === 'completed' ? report.returnValue : report.status;
}
