// Compiling examples for the README (typechecked, not built).
import type { GuestToolCall, GuestToolResponse, ProgramResult, SandboxBinding } from './index.js';
import { createInProcessTransport } from './index.js';
import { createChildProcessTransport } from './node.js';

const bindings: SandboxBinding[] = [
  { jsName: 'read_file', canonicalName: 'read_file', description: 'Read a text file.', kind: 'function' },
];

/** The host answers each call; here, a fake file system. */
function answer(call: GuestToolCall): Promise<GuestToolResponse> {
  if (call.jsName !== 'read_file') return Promise.resolve({ ok: false, error: { code: 'UNKNOWN_TOOL', message: `no tool ${call.jsName}` } });
  return Promise.resolve({ ok: true, value: { path: (call.input as { path: string }).path, text: 'hello' } });
}

export async function childProcessExample(): Promise<ProgramResult> {
  const sandbox = createChildProcessTransport({ pool: { size: 2 }, limits: { cpuBudgetMs: 5_000 } });
  try {
    return await sandbox.run({
      source: `
        const files = await Promise.all(['a.txt', 'b.txt'].map((path) => tools.read_file({ path })));
        text('read ' + files.length + ' files');
        return files.map((file) => file.text.length);`,
      bindings,
      onToolBatch: (calls) => calls.map(answer),
      onOutput: (item) => console.log(item),
    });
  } finally {
    await sandbox.close();
  }
}

export async function inProcessExample(): Promise<ProgramResult> {
  const sandbox = createInProcessTransport({ limits: { memoryBytes: 32 * 1024 * 1024 } });
  const controller = new AbortController();
  const result = await sandbox.run({
    source: 'store("count", (load("count") ?? 0) + 1); return load("count")',
    bindings: [],
    signal: controller.signal,
    onToolBatch: () => [],
    cells: {
      storedValues: { count: 41 },
      onStore: (key, value) => console.log('stored', key, value),
      onNotify: (value) => console.log('notified', value),
      onYield: () => console.log('yielded'),
    },
  });
  await sandbox.close();
  return result;
}
