// `toolcell eval` end to end, in a spawned CLI on the scripted model.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolcell } from './run-toolcell.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'toolcell-eval-e2e-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface EvalJson {
  provider: string;
  arms: string[];
  runs: { task: string; arm: string; passed: boolean; requests: number; tokensSent: number; directCalls: number; nestedCalls: number; refusals: Record<string, number> }[];
  summaries: { family: string; arm: string; successRate: number; tokensSent: number }[];
  catalogScale: { tools: number; direct: number; codeModeOnly: number; lazy: number }[];
}

describe('toolcell eval', () => {
  it('--json: every family in every arm passes its check on the scripted model; --report writes a page that needs no server', async () => {
    const report = join(root, 'report');
    const result = await runToolcell(['eval', '--json', '--tasks', '1', '--report', report]);
    expect(result.stderr).toContain('[17/18] small_api-1 code_mode_only: pass');
    expect(result.stderr).toContain('[18/18] typed_program-1 code_mode_only: pass');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as EvalJson;
    expect(output.provider).toBe('scripted');
    expect(output.arms).toEqual(['direct', 'code_mode', 'code_mode_only']);
    expect(output.runs).toHaveLength(18);
    expect(output.runs.filter((run) => !run.passed)).toEqual([]);
    expect(output.summaries.map((summary) => `${summary.family}/${summary.arm}`).slice(0, 3)).toEqual(['aggregation/direct', 'aggregation/code_mode', 'aggregation/code_mode_only']);
    const tokens = (family: string, arm: string) => output.summaries.find((summary) => summary.family === family && summary.arm === arm)!.tokensSent;
    // Code mode wins on many records and loses on the one-call API.
    expect(tokens('aggregation', 'code_mode_only')).toBeLessThan(tokens('aggregation', 'direct'));
    expect(tokens('small_api', 'code_mode_only')).toBeGreaterThan(tokens('small_api', 'direct'));
    expect(output.catalogScale.map((row) => row.tools)).toEqual([10, 100, 500, 2500]);
    const html = readFileSync(join(report, 'index.html'), 'utf8');
    expect(html).toContain('<svg ');
    expect(html).not.toMatch(/<script|\ssrc=|\shref=/i);
    expect(result.stderr).toContain(`report: ${join(report, 'index.html')}`);
  });

  it('prints the medians table without --json, and exits 2 for an unknown arm or a bad --tasks', async () => {
    const [table, arm, tasks] = await Promise.all([
      runToolcell(['eval', '--arms', 'code_mode_only', '--tasks', '1']),
      runToolcell(['eval', '--arms', 'direct,fast']),
      runToolcell(['eval', '--tasks', '0']),
    ]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^aggregation · code_mode_only +1\/1 +2 +1 /m);
    expect(table.stdout).toMatch(/^typed_program · code_mode_only +1\/1 +2 +1 /m);
    expect(table.stdout).toContain('6 of 6 runs passed their task\'s check.');
    expect(table.stdout).toMatch(/^2,500 +[\d,]+ +[\d,]+ +[\d,]+$/m);
    expect(arm.code).toBe(2);
    expect(arm.stderr.trim()).toBe('toolcell: --arms: "fast" is not an arm; use a comma-separated list of direct, code_mode, code_mode_only.');
    expect(tasks.code).toBe(2);
    expect(tasks.stderr.trim()).toBe('toolcell: --tasks: "0" is not a whole number from 1 to 100 (tasks per family).');
  });
});
