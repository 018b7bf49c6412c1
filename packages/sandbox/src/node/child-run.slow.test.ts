import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { TEXT_CUT_MARKER } from '../shared/output-budget.js';
import { sanitizedEnvironment } from './child-command.js';
import { runOnChild } from './child-run.js';
import { SandboxProcess } from './sandbox-process.js';

// The parent re-checks what a child sends: a compromised child (a stand-in that writes
// hand-made frames as soon as it receives the run) cannot smuggle output past the limits.

const limits = resolveSandboxLimits({ maxTextChars: 100, maxMediaItems: 2 });

const frame = (json: string): string => {
  const body = Buffer.from(json);
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length);
  return Buffer.concat([header, body]).toString('base64');
};

/** A child that is ready at once and answers the run frame with `frames`, then idles. */
async function compromised(frames: string[]): Promise<SandboxProcess> {
  const payload = [frame('{"type":"ready"}'), ...frames.map((json) => frame(json))];
  const script = `const f = ${JSON.stringify(payload)}.map((b) => Buffer.from(b, 'base64'));
    process.stdout.write(f[0]);
    process.stdin.once('data', () => process.stdout.write(Buffer.concat(f.slice(1))));
    setInterval(() => {}, 1000);`;
  const child = new SandboxProcess({ memoryBytes: limits.memoryBytes, stackBytes: limits.stackBytes, limits, command: { command: process.execPath, args: ['-e', script], env: sanitizedEnvironment() } });
  await child.ready;
  return child;
}

async function runAgainst(frames: string[]) {
  const child = await compromised(frames);
  const streamed: unknown[] = [];
  const outcome = await runOnChild({
    peer: child,
    request: { source: 'return 1', bindings: [], onToolBatch: () => [], onOutput: (item) => streamed.push(item) },
    limits,
    startedAt: performance.now(),
    closing: new AbortController().signal,
    storedJson: undefined,
  });
  return { ...outcome, streamed, alive: child.alive };
}

const text = (value: string): string => JSON.stringify({ type: 'output', item: { type: 'text', text: value } });
const image = (mimeType: string): string => JSON.stringify({ type: 'output', item: { type: 'image', mimeType, data: 'AAAA' } });
const completed = '{"type":"result","status":"completed","returnValue":"forged","cpuMs":0,"toolCalls":0,"reusable":true}';

describe('the parent re-checks a child (slow)', () => {
  it('ends the run at the text limit, counting the marker, with one marker only', async () => {
    const { result, sound, streamed, alive } = await runAgainst([text('x'.repeat(80)), text('y'.repeat(80)), text('z'.repeat(80)), completed]);
    expect(result.error?.code).toBe('EXEC_OUTPUT_LIMIT');
    expect(result.output).toEqual([
      { type: 'text', text: 'x'.repeat(80) },
      { type: 'text', text: TEXT_CUT_MARKER.slice(0, 19) },
    ]);
    expect(streamed).toEqual(result.output);
    expect(sound).toBe(false);
    expect(alive).toBe(false);
  });

  it('ends the run at the media limit', async () => {
    const { result } = await runAgainst([image('image/png'), image('image/png'), image('image/png'), completed]);
    expect(result.error?.code).toBe('EXEC_OUTPUT_LIMIT');
    expect(result.output).toHaveLength(2);
  });

  it.each([
    ['a MIME type outside image/*', image('text/html'), 'image() needs an image/* MIME type, got "text/html"'],
    ['data that is not base64', JSON.stringify({ type: 'output', item: { type: 'audio', mimeType: 'audio/wav', data: '<script>' } }), 'audio() needs base64 data'],
  ])('kills a child that sends media with %s', async (_case, json, detail) => {
    const { result, alive } = await runAgainst([json, completed]);
    expect(result.error?.code).toBe('EXEC_CRASHED');
    expect(result.error?.message).toContain(`sandbox protocol error: a media item is invalid: ${detail}`);
    expect(result.output).toEqual([]);
    expect(alive).toBe(false);
  });
});
