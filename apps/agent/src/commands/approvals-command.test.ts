import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredApproval } from '@toolcell/durable-store';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../test-support/run-cli-captured.js';

let root: string;
let store: string;

const cli = (args: string[], cwd = root) => runCliCaptured(args, { cwd });

function approval(id: string, path: string, expiresAt: number): StoredApproval {
  return { approvalId: id, callId: `call_${id}`, toolName: 'write_file', args: `path: "${path}"\ncontent: "x"`, expiresAt };
}

// A real files store, seeded as a suspended run leaves it: a cell parked at three writes, and one whose approval expired.
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'toolcell-approvals-'));
  store = join(root, 'store');
  const files = new FileDurableStore({ directory: store });
  const later = Date.now() + 60 * 60_000;
  await files.writeCell(
    { key: { scope: 'root', session: 'run-a', cell: '1' }, status: 'suspended', expiresAt: later, approvals: ['a', 'b', 'c'].map((name) => approval(`appr_${name}`, `${name}.txt`, later)), state: {}, snapshot: new Uint8Array([1]) },
    0,
  );
  const past = Date.now() - 1000;
  await files.writeCell({ key: { scope: 'root', session: 'run-old', cell: '1' }, status: 'suspended', expiresAt: past, approvals: [approval('appr_old', 'old.txt', past)], state: {}, snapshot: new Uint8Array([1]) }, 0);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('toolcell approvals', () => {
  it('lists every pending approval with its tool, arguments, session and cell (text and --json)', async () => {
    const text = await cli(['approvals', '--store', 'store', '--session', 'run-a']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^3 approvals pending in .*store:\n {2}appr_a {2}write_file {2}\(session run-a, cell 1, expires 20\d\d-.*Z\)\n {6}path: "a\.txt"\n {6}content: "x"\n/);
    const json = JSON.parse((await cli(['approvals', 'list', '--json', '--store', store])).stdout) as { approvals: { approvalId: string; session: string; expired: boolean }[] };
    expect(json.approvals.map((entry) => [entry.approvalId, entry.session, entry.expired]).sort()).toEqual([
      ['appr_a', 'run-a', false],
      ['appr_b', 'run-a', false],
      ['appr_c', 'run-a', false],
      ['appr_old', 'run-old', true],
    ]);
  });

  it('records decisions from another process; the first wins and a second is refused (exit 1) saying which stands', async () => {
    const approved = await cli(['approvals', 'approve', 'appr_a', 'appr_b', '--store', store]);
    expect(approved).toMatchObject({ code: 0, stderr: '' });
    expect(approved.stdout).toBe(`appr_a: approved.\nappr_b: approved.\nSession run-a still waits for 1 approval; toolcell run --resume run-a --store ${store} runs what is decided so far.\n`);
    const denied = await cli(['approvals', 'deny', 'appr_c', '--reason', 'not c', '--store', store]);
    expect(denied.stdout).toBe(`appr_c: denied (not c).\nEvery approval of session run-a is decided; continue it with: toolcell run --resume run-a --store ${store}\n`);
    const again = await cli(['approvals', 'deny', 'appr_a', '--store', store]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^appr_a: already approved at 20\d\d-.*Z; the first decision stands and this one was not recorded\.$/);
    const json = JSON.parse((await cli(['approvals', 'approve', 'appr_c', '--json', '--store', store])).stdout) as unknown;
    expect(json).toMatchObject({ decisions: [{ approvalId: 'appr_c', recorded: false, decision: { decision: { type: 'deny', reason: 'not c' } } }] });
    expect((await cli(['approvals', '--store', store, '--session', 'run-a'])).stdout).toBe(`No approvals are pending in ${store}.\n`);
  });

  it('refuses unknown and expired approvals with the store error code (exit 1), deciding the rest', async () => {
    const result = await cli(['approvals', 'approve', 'appr_nope', 'appr_old', '--store', store]);
    expect(result.code).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      expect.stringMatching(/^appr_nope: .*appr_nope.*\(STORE_UNKNOWN_APPROVAL\)$/),
      expect.stringMatching(/^appr_old: Approval "appr_old" expired at 20\d\d-.*Z; its call will not run\. Ask for the call again\. \(STORE_EXPIRED\)$/),
    ]);
  });

  it.each([
    [['approvals'], 'toolcell: --store: is required: pass the store the run or MCP server used (a directory or a postgres:// URL), or set store in a configuration file.'],
    [['approvals', 'frob', '--store', 's'], 'toolcell: frob: is not an approvals action; use list, approve ID… or deny ID… (toolcell approvals --help).'],
    [['approvals', 'approve', '--store', 's'], 'toolcell: approve: needs the ids of the approvals to approve; toolcell approvals list shows them.'],
    [['approvals', 'approve', 'x', '--reason', 'r', '--store', 's'], 'toolcell: --reason: only applies to toolcell approvals deny.'],
    [['approvals', 'list', 'x', '--store', 's'], 'toolcell: x: is an unexpected argument for toolcell approvals list.'],
  ])('%j exits 2 with a message naming the fault', async (args, message) => {
    expect(await cli(args)).toMatchObject({ code: 2, stderr: message });
  });

  it("refuses a store that only the workspace's own configuration names, and takes --store instead", async () => {
    const workspace = join(root, 'cloned');
    mkdirSync(workspace);
    writeFileSync(join(workspace, 'toolcell.config.json'), JSON.stringify({ store: '../store' }));
    const refused = await cli(['approvals', '-w', workspace]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `toolcell: store: "../store" comes from ${join(workspace, 'toolcell.config.json')}, inside the workspace, and is not used: the workspace's author would choose where its approvals are decided. ` +
        'Pass --store with the store you mean (the same one if you trust it), or put store in a configuration outside the workspace and pass --config FILE.',
    );
    expect((await cli(['approvals', '-w', workspace, '--store', store, '--session', 'run-old'])).code).toBe(0);
  });
});
