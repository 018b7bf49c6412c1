// A kill between decision and resume loses nothing: process A suspends a cell and is killed
// (SIGKILL), the decisions are recorded here, and a fresh process B resumes the cell from the
// file store and finishes the program; each write happened once — with DurableCells, and
// through CodeMode's exec and wait as a model calls them. Slow: fresh processes start from
// sources through tsx.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import type { DurableCellReport } from './durable-cell-report.js';
import type { ExecResult } from '../exec-report.js';
import { durableCodeModeSetup, durableSetup } from '../test-support/durable-setup.js';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
const CHILD = fileURLToPath(new URL('../test-support/durable-child.ts', import.meta.url));

function child<Report = DurableCellReport>(args: readonly string[]): Promise<{ report: Report; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ['--conditions=@toolcell/source', '--import', TSX, CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    process_.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    process_.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    process_.on('error', reject);
    process_.on('exit', (code, signal) => {
      const line = stdout.trim().split('\n').at(-1) ?? '';
      if (line.startsWith('{')) resolve({ report: JSON.parse(line) as Report, signal });
      else reject(new Error(`child ${args[0]} exited ${code ?? signal}: ${stderr}`));
    });
  });
}

it('a cell suspended by a killed process is resumed by a fresh one; nothing is lost or run twice', { timeout: 120_000 }, async () => {
  const directory = await mkdtemp(join(tmpdir(), 'toolcell-durable-process-'));
  const here = durableSetup(directory);
  try {
    const first = await child(['start', directory]);
    expect(first.signal).toBe('SIGKILL');
    if (first.report.status !== 'suspended') throw new Error('expected a suspension');
    expect(first.report.pendingApprovals).toHaveLength(3);
    const [a, b, c] = first.report.pendingApprovals;
    await here.cells.decide(a?.approvalId ?? '', { type: 'approve' });
    await here.cells.decide(b?.approvalId ?? '', { type: 'approve' });
    await here.cells.decide(c?.approvalId ?? '', { type: 'deny', reason: 'no c' });
    const { key } = first.report;
    const second = await child(['resume', directory, key.scope, key.session, key.cell]);
    expect(second.report).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'DENIED'], output: [{ type: 'text', text: 'writing three files' }] });
    expect(here.effects()).toEqual(['a.txt', 'b.txt']);
    // A late resume here answers the final report; nothing runs again.
    expect(await here.cells.resume(key)).toEqual(second.report);
    expect(here.effects()).toEqual(['a.txt', 'b.txt']);
  } finally {
    await here.close();
    await rm(directory, { recursive: true, force: true });
  }
});

it('exec answers awaiting_approval in a process that is then killed; wait in a fresh process resumes the cell; nothing is lost or run twice', { timeout: 120_000 }, async () => {
  const directory = await mkdtemp(join(tmpdir(), 'toolcell-durable-exec-process-'));
  const here = durableCodeModeSetup(directory, { holder: 'the test process', autoResume: false });
  try {
    const first = await child<ExecResult>(['exec', directory]);
    expect(first.signal).toBe('SIGKILL');
    expect(first.report.status).toBe('awaiting_approval');
    const [a, b, c] = first.report.pending_approvals ?? [];
    expect(first.report.pending_approvals).toHaveLength(3);
    await here.durable.decide(a?.approval_id ?? '', { type: 'approve' });
    await here.durable.decide(b?.approval_id ?? '', { type: 'deny', reason: 'no b' });
    await here.durable.decide(c?.approval_id ?? '', { type: 'approve' });
    const second = await child<ExecResult>(['wait', directory, '', '', first.report.cell_id]);
    expect(second.report).toMatchObject({ status: 'completed', cell_id: first.report.cell_id, return_value: ['wrote a.txt', 'DENIED', 'wrote c.txt'] });
    expect(here.effects()).toEqual(['a.txt', 'c.txt']);
    // A late wait here answers the final report; nothing runs again.
    expect((await here.wait({ cell_id: first.report.cell_id })).output.result.value).toMatchObject({ status: 'completed', return_value: ['wrote a.txt', 'DENIED', 'wrote c.txt'] });
    expect(here.effects()).toEqual(['a.txt', 'c.txt']);
  } finally {
    await here.close();
    await rm(directory, { recursive: true, force: true });
  }
});
