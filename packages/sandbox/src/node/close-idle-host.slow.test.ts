// A host whose only work is `await transport.close()` must not exit before the children
// are reaped: an idle child is unref'd, so close() has to hold it again while it dies.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UNREACHABLE_MS } from '../test-support/unreachable-ms.js';

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
const transportModule = pathToFileURL(new URL('./child-process-transport.ts', import.meta.url).pathname).href;

describe('close() in a host with nothing else to do', () => {
  it('resolves (the host does not exit with an unsettled await)', async () => {
    // A child that boots slowly on a busy machine must not turn this into a boot timeout.
    const script = `
      const { createChildProcessTransport } = await import(${JSON.stringify(transportModule)});
      const transport = createChildProcessTransport({ pool: { size: 1 }, limits: { bootTimeoutMs: ${UNREACHABLE_MS}, cpuBudgetMs: ${UNREACHABLE_MS} } });
      const result = await transport.run({ source: 'return 1', bindings: [], onToolBatch: () => [] });
      await transport.close();
      console.log('closed after', result.status, result.error?.message ?? '');`;
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, ['--conditions=@toolcell/source', '--import', tsx, '--input-type=module', '-e', script], (error, out) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout: out }),
      );
      child.stdin?.end();
    });
    expect(stdout).toContain('closed after completed');
    expect(code).toBe(0);
  });
});
