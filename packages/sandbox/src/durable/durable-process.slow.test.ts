import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Slow: two fresh processes start from sources through tsx.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
const SCRIPT = fileURLToPath(new URL('../test-support/durable-process.ts', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'toolcell-durable-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Start the script; resolves with the process once its first line is out, and that line. */
function start(mode: string, file: string, kind: string): Promise<{ child: ReturnType<typeof spawn>; line: string; exited: Promise<NodeJS.Signals | number | null> }> {
  const child = spawn(process.execPath, ['--conditions=@toolcell/source', '--import', TSX, SCRIPT, mode, file, kind], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end >= 0) resolve({ child, line: out.slice(0, end), exited });
    });
    void exited.then((how) => reject(new Error(`the ${mode} process ended (${String(how)}) before a line: ${err}`)));
  });
}

describe.each(['in process', 'child process', 'worker thread'])('a durable program on the %s transport', (kind) => {
  it('suspended in a process killed with SIGKILL resumes in a fresh process: result, earlier output, timers and counters', async () => {
    const file = join(folder, `${kind.replace(' ', '-')}.bin`);
    const first = await start('suspend', file, kind);
    expect(first.line.startsWith('sealed ')).toBe(true);
    const sealed = JSON.parse(first.line.slice('sealed '.length)) as { parked: unknown; output: unknown; stats: { toolCalls: number } };
    expect(sealed.parked).toEqual([{ id: 3, jsName: 'approve', input: { action: 'send' } }]);
    expect(sealed.output).toEqual([{ type: 'text', text: 'before: 42' }]);
    expect(sealed.stats.toolCalls).toBe(3);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await start('resume', file, kind);
    const result = JSON.parse(second.line) as Record<string, unknown>;
    expect(result).toMatchObject({
      status: 'completed',
      returnValue: { base: 42, product: 84, approval: 'granted', late: 43, random: true },
      output: [
        { type: 'text', text: 'before: 42' },
        { type: 'text', text: 'approved: granted' },
        { type: 'text', text: 'timer fired' },
      ],
      stats: { toolCalls: 3 },
    });
    expect(await second.exited).toBe(0);
  });
});
