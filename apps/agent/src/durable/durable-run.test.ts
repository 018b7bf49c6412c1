import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentRuntime } from '../agent/agent-runtime.js';
import type { TranscriptEvent } from '../agent/transcript-event.js';
import { resolveSettings } from '../config/agent-settings.js';
import { removeScenarioWorkspaces, runScenario } from '../test-support/scenario-run.js';
import type { DurableRun } from './durable-run.js';
import { resumeSuspendedCells } from './durable-run.js';

const stores: string[] = [];
afterEach(() => {
  removeScenarioWorkspaces();
  for (const store of stores.splice(0)) rmSync(store, { recursive: true, force: true });
});

// Two writes one after the other: the second is asked for only once the first ran.
const PROGRAM = "await tools.write_file({ path: 'a.txt', content: 'a' });\nawait tools.write_file({ path: 'b.txt', content: 'b' });\nreturn 'both';";

describe('resumeSuspendedCells (toolcell run --resume)', () => {
  it('tells the model of a program that went on and waits again at a new approval, and tells nothing when nothing was decided', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'toolcell-durable-run-'));
    stores.push(directory);
    const store = new FileDurableStore({ directory });
    const cells = { store, keys: { current: { id: 'test', secret: 'x'.repeat(32) } }, session: 'run-seq' };
    const first = await runScenario({ turns: [{ tool_calls: [{ id: 'seq', name: 'exec', input: PROGRAM }] }, { text: 'waiting' }] }, { flags: { mode: 'code_mode_only' }, durable: cells });
    const [cell] = await store.listCells({ session: 'run-seq' });
    expect(cell?.approvals.map((approval) => approval.args)).toEqual(['path: "a.txt"\ncontent: "a"']);

    const events: TranscriptEvent[] = [];
    const settings = resolveSettings({ workspace: first.workspace, configFile: undefined, config: {}, flags: { mode: 'code_mode_only' } });
    const agent = await AgentRuntime.create({ settings, transcript: (event) => events.push(event), prompts: undefined, durable: cells });
    const run: DurableRun = { opened: { store, location: { kind: 'files', directory }, close: async () => undefined }, cells, session: 'run-seq', conversations: join(directory, 'sessions'), saved: undefined };
    try {
      expect(await resumeSuspendedCells(agent, run, (event) => events.push(event))).toEqual([]);
      await store.recordDecision(cell!.approvals[0]!.approvalId, { type: 'approve' });
      const [message] = await resumeSuspendedCells(agent, run, (event) => events.push(event));
      expect(message).toMatch(/^The approvals that exec cell \S+ waited for were decided, and its program went on where it stopped \(sent by the host\):\nScript awaiting approval/);
      expect(message).toContain('path: "b.txt"');
      expect(events.filter((event) => event.type === 'cell_resume').map((event) => event.status)).toEqual(['awaiting_approval']);
      expect(existsSync(join(first.workspace, 'a.txt'))).toBe(true);
      expect(existsSync(join(first.workspace, 'b.txt'))).toBe(false);
    } finally {
      await agent.close();
    }
  });
});
