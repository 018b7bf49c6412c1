// The README's durable-approvals scenario in real processes of the CLI: a program asks to write
// three files in one Promise.all; the first run ends with three approvals pending in a files
// store; other commands approve two and deny one; a third run resumes the program where it
// stopped. Every write happens once, and the model reads the program's report. The same on a
// files store and on a real PostgreSQL server (a throwaway cluster).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresCluster } from '@toolcell/vitest-config/postgres-cluster';
import { startPostgresCluster } from '@toolcell/vitest-config/postgres-cluster';
import type { ToolcellOptions } from './run-toolcell.js';
import { jsonLines, runToolcell } from './run-toolcell.js';

const PROGRAM = [
  "const names = ['a', 'b', 'c'];",
  "const results = await Promise.allSettled(names.map((name) => tools.write_file({ path: name + '.txt', content: 'file ' + name })));",
  "return results.map((result, index) => names[index] + ': ' + (result.status === 'fulfilled' ? 'written' : result.reason.message));",
].join('\n');

let root: string;
let cluster: PostgresCluster;

function scenario(name: string, turns: unknown[]): string {
  const path = join(root, name);
  writeFileSync(path, JSON.stringify({ turns }));
  return path;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'toolcell-durable-'));
  cluster = await startPostgresCluster();
}, 120_000);
afterAll(() => {
  cluster?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Where the run keeps its store, its seal key and its saved conversation. */
interface StoreCase {
  readonly store: () => string;
  readonly options: () => ToolcellOptions;
  /** Where the first run saves its conversation. */
  readonly sessions: () => string;
}

const STORES: readonly [string, StoreCase][] = [
  ['a files store (seal key created beside it)', { store: () => join(root, 'store'), options: () => ({}), sessions: () => join(root, 'store', 'sessions') }],
  [
    'a PostgreSQL store (TOOLCELL_SEAL_KEY, the conversation in the state directory)',
    {
      store: () => cluster.url,
      options: () => ({ env: { TOOLCELL_SEAL_KEY: 'k'.repeat(40), XDG_STATE_HOME: join(root, 'state') } }),
      sessions: () => join(root, 'state', 'toolcell', 'sessions'),
    },
  ],
];

type Line = Record<string, unknown>;
const writeEnds = (lines: Line[]) => lines.filter((line) => line.type === 'call_end' && line.name === 'write_file').map((line) => [line.status, line.code ?? null]);

describe.each(STORES)('approvals decided later, in other processes (toolcell run --store, approvals, run --resume), on %s', (name, where) => {
  it('suspends three writes at once, takes two approvals and a denial from other commands, and resumes the program so each write happens once', async () => {
    const workspace = join(root, `workspace-${name.split(' ')[1]}`);
    mkdirSync(workspace);
    const store = where.store();
    const runToolcellHere = (args: string[]) => runToolcell(args, where.options());
    const first = await runToolcellHere(
      ['run', '--task', 'write a, b and c', '-w', workspace, '--mode', 'code_mode_only', '--store', store, '--json', '--script', scenario('first.json', [{ tool_calls: [{ id: 'write3', name: 'exec', input: PROGRAM }] }, { text: 'The three writes wait for approval.' }])],
    );
    expect(first.code, first.stderr).toBe(0);
    const firstLines = jsonLines(first.stdout);
    expect(firstLines.filter((line) => line.type === 'approval').map((line) => line.decision)).toEqual(['deferred', 'deferred', 'deferred']);
    expect(firstLines.find((line) => line.type === 'call_end' && line.name === 'exec')).toMatchObject({ status: 'ok' });
    // The whole batch is pending at once.
    const pending = firstLines.find((line) => line.type === 'approvals_pending') as { session: string; approvals: { approvalId: string; args: string }[] };
    expect(pending.approvals.map((approval) => approval.args.split('\n')[0])).toEqual(['path: "a.txt"', 'path: "b.txt"', 'path: "c.txt"']);
    expect(firstLines.at(-1)).toMatchObject({ type: 'approvals_pending', session: pending.session });
    expect(readdirSync(workspace)).toEqual([]);
    expect(writeEnds(firstLines).every(([status]) => status !== 'ok')).toBe(true);
    if (!store.startsWith('postgres:')) expect(statSync(join(store, 'seal.key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(where.sessions(), `${pending.session}.json`)).mode & 0o777).toBe(0o600);

    const [a, b, c] = pending.approvals.map((approval) => approval.approvalId) as [string, string, string];
    const listed = await runToolcellHere(['approvals', 'list', '--store', store]);
    expect(listed.stdout).toMatch(/^3 approvals pending in /);
    const approved = await runToolcellHere(['approvals', 'approve', a, b, '--store', store]);
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.stdout).toContain(`${a}: approved.\n${b}: approved.\n`);
    expect(existsSync(join(where.sessions(), `${pending.session}.json`))).toBe(true);
    const denied = await runToolcellHere(['approvals', 'deny', c, '--reason', 'not c', '--store', store]);
    expect(denied.stdout).toContain(`${c}: denied (not c).\nEvery approval of session ${pending.session} is decided; continue it with: toolcell run --resume ${pending.session} --store `);
    const second = await runToolcellHere(['approvals', 'approve', c, '--store', store]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(new RegExp(`^${c}: already denied \\(not c\\) at .*; the first decision stands and this one was not recorded\\.\\n$`));

    const resumed = await runToolcellHere(['run', '--resume', pending.session, '-w', workspace, '--mode', 'code_mode_only', '--store', store, '--json', '--script', scenario('resume.json', [{ text: 'a and b are written; c was denied.' }])]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const resumedLines = jsonLines(resumed.stdout);
    expect(writeEnds(resumedLines)).toEqual([
      ['ok', null],
      ['ok', null],
      ['error', 'DENIED'],
    ]);
    const report = resumedLines.find((line) => line.type === 'cell_resume') as { status: string; message: string };
    expect(report.status).toBe('completed');
    expect(report.message).toContain('Script completed');
    expect(report.message).toContain('"a: written","b: written","c: The call of \\"write_file\\" was not approved: not c.');
    expect(resumedLines.at(-1)).toMatchObject({ type: 'final', text: 'a and b are written; c was denied.' });
    expect(readdirSync(workspace).sort()).toEqual(['a.txt', 'b.txt']);
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('file a');
    const written = statSync(join(workspace, 'a.txt')).mtimeMs;

    // Nothing is left to resume: a second resume is refused, and runs nothing again.
    const again = await runToolcellHere(['run', '--resume', pending.session, '-w', workspace, '--mode', 'code_mode_only', '--store', store, '--script', scenario('again.json', [{ text: 'again' }])]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(new RegExp(`^toolcell: --resume: no run saved session "${pending.session}" in `));
    expect(statSync(join(workspace, 'a.txt')).mtimeMs).toBe(written);
  }, 180_000);
});
