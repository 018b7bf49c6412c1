// The README's "Approvals decided later (durable cells)" example, type-checked with the package.
import type { JsonValue } from '@toolcell/core';
import { CodeMode, execResultOf } from '@toolcell/codemode';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { ToolRuntime } from '@toolcell/executor';
import type { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';

export function durableCodeMode(registry: ToolRegistry, secret: string, autoResume: boolean): CodeMode {
  // Every approval is decided later, by a person, maybe in another process.
  const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'defer' }) } });
  const codeMode = new CodeMode({
    registry,
    runtime,
    transport: createInProcessTransport(),
    cells: true,
    durable: {
      store: new FileDurableStore({ directory: '/var/lib/my-agent/cells' }),
      keys: { current: { id: 'k1', secret } }, // at least 32 bytes, the same in every process
      autoResume, // false in a process that only records decisions
    },
  });
  codeMode.install();
  return codeMode;
}

// Turn 1, process A: the model's program suspends at three writes; one answer lists them all.
export async function firstTurn(codeMode: CodeMode): Promise<string> {
  const { result } = await codeMode.runProgram({
    code: `return await Promise.all(['a', 'b', 'c'].map((name) => tools.write_file({ path: name + '.txt', text: name })));`,
    callId: 'call_1',
  });
  // status 'awaiting_approval'; pending_approvals: [{ approval_id, tool_name, args, cell_id, expires_at }, …]
  return result?.status === 'awaiting_approval' ? result.cell_id : '';
}

// Later, process B (same store and keys): a person decides.
export async function decide(codeMode: CodeMode): Promise<void> {
  const durable = codeMode.durable;
  if (durable === undefined) return;
  for (const approval of await durable.pending({ session: 'root' })) {
    await durable.decide(approval.approvalId, approval.args.includes('c.txt') ? { type: 'deny', reason: 'not c' } : { type: 'approve' });
  }
}

// Turn 2, any process: the model's wait on the cell resumes it where it stopped.
export async function nextTurn(runtime: ToolRuntime, registry: ToolRegistry, cellId: string): Promise<JsonValue | undefined> {
  const outcome = await runtime.dispatch({ name: 'wait', args: { cell_id: cellId }, callId: 'call_2', scope: registry.root });
  return execResultOf(outcome)?.return_value; // what the program returned; each approved write ran once
}
