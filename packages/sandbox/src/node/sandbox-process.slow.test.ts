import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { ChildMessage } from '../shared/protocol-messages.js';
import { sanitizedEnvironment } from './child-command.js';
import { SandboxProcess } from './sandbox-process.js';

// The parent's handle on a child, against stand-in children that break the protocol.

const limits = resolveSandboxLimits();

function standIn(script: string): SandboxProcess {
  return new SandboxProcess({
    memoryBytes: limits.memoryBytes,
    stackBytes: limits.stackBytes,
    limits,
    command: { command: process.execPath, args: ['-e', script], env: sanitizedEnvironment() },
  });
}

const frame = (json: string) =>
  `const body = Buffer.from(${JSON.stringify(json)}); const header = Buffer.alloc(4); header.writeUInt32BE(body.length); process.stdout.write(Buffer.concat([header, body]));`;

function failureOf(process: SandboxProcess): Promise<string> {
  return new Promise((resolve) => {
    process.beginRun(
      limits,
      { bindings: new Map(), seenCallIds: new Set(), cells: false },
      { message: (message: ChildMessage) => resolve(`unexpected message ${message.type}`), failure: resolve },
    );
  });
}

describe('SandboxProcess (slow)', () => {
  it('becomes ready on a ready frame', async () => {
    const child = standIn(`${frame('{"type":"ready"}')} setInterval(() => {}, 1000)`);
    await child.ready;
    expect(child.alive).toBe(true);
    child.kill();
    expect(child.alive).toBe(false);
  });

  it('reports a child that dies before it is ready, with the head of its stderr', async () => {
    const child = standIn('process.stderr.write("cannot load the interpreter"); process.exit(3)');
    await expect(child.ready).rejects.toThrow('the sandbox process exited with code 3; its stderr began: cannot load the interpreter');
  });

  it.each([
    ['a frame that is not JSON', frame('{not json'), 'a frame is not JSON'],
    ['a frame of an unknown type', frame('{"type":"exec","code":"rm -rf /"}'), 'a frame has no known type'],
    ['a header announcing 4 GiB', 'process.stdout.write(Buffer.from([255, 255, 255, 255]))', 'a frame of 4294967295 bytes is over the limit of'],
    ['a second ready frame', frame('{"type":"ready"}'), 'a second ready frame'],
  ])('kills a child that sends %s, without harm to the host', async (_case, write, detail) => {
    const child = standIn(`${frame('{"type":"ready"}')} setTimeout(() => { ${write} }, 50); setInterval(() => {}, 1000)`);
    await child.ready;
    const failure = await failureOf(child);
    expect(failure).toContain(`the sandbox process broke the protocol: sandbox protocol error: ${detail}`);
    expect(child.alive).toBe(false);
  });

  it('reports the stderr of a child that crashes mid-run', async () => {
    const child = standIn(`${frame('{"type":"ready"}')} setTimeout(() => { process.stderr.write("fatal: out of luck"); process.exit(9) }, 50)`);
    await child.ready;
    expect(await failureOf(child)).toBe('the sandbox process exited with code 9; its stderr began: fatal: out of luck');
  });

  it('starts the real child with only PATH and temp dirs in its environment', async () => {
    const child = new SandboxProcess({ memoryBytes: 8 * 1024 * 1024, stackBytes: limits.stackBytes, limits });
    try {
      await child.ready;
      const pid = child.pid;
      if (process.platform === 'linux' && pid !== undefined) {
        const { readFileSync } = await import('node:fs');
        const names = readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .filter(Boolean)
          .map((entry) => entry.slice(0, entry.indexOf('=')));
        expect(names.every((name) => ['PATH', 'TMPDIR', 'TMP', 'TEMP'].includes(name))).toBe(true);
      }
    } finally {
      child.kill();
    }
  });
});
