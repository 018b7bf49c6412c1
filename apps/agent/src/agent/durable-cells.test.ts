import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { afterEach, describe, expect, it } from 'vitest';
import { removeScenarioWorkspaces, runScenario } from '../test-support/scenario-run.js';

const stores: string[] = [];
afterEach(() => {
  removeScenarioWorkspaces();
  for (const store of stores.splice(0)) rmSync(store, { recursive: true, force: true });
});

function durable() {
  const directory = mkdtempSync(join(tmpdir(), 'toolcell-durable-store-'));
  stores.push(directory);
  const store = new FileDurableStore({ directory });
  return { store, keys: { current: { id: 'test', secret: 'x'.repeat(32) } }, session: 'run-test' };
}

describe('durable cells in the agent loop (--store)', () => {
  it('push completion tells the model of a yielded cell that was suspended into the store, then the run ends', async () => {
    const settings = durable();
    const program = "yield_control();\nawait tools.write_file({ path: 'y.txt', content: 'y' });\nreturn 'written';";
    const run = await runScenario(
      { turns: [{ tool_calls: [{ id: 'job', name: 'exec', input: program }] }, { text: 'Started.' }, { text: 'It waits for approval.' }] },
      { flags: { mode: 'code_mode_only' }, durable: settings },
    );
    expect(run.summary.text).toBe('It waits for approval.');
    const update = run.events.find((event) => event.type === 'cell_update');
    expect(update).toMatchObject({ status: 'awaiting_approval', reasons: ['approval'] });
    expect(run.requests.at(-1)?.messages.at(-1)?.content).toEqual(expect.stringContaining('Script awaiting approval'));
    const pending = await settings.store.listCells({ session: 'run-test' });
    expect(pending.map((cell) => [cell.status, cell.approvals.map((approval) => approval.toolName)])).toEqual([['suspended', ['write_file']]]);
  });
});
