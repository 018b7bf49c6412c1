import { statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../config/agent-settings.js';
import { storeDirectoryPerTest } from '../test-support/store-directory.js';
import { openDurableRun, savedRun } from './durable-run.js';
import { conversationDirectory, loadConversation, newRunSession, saveConversation } from './saved-conversation.js';

const store = storeDirectoryPerTest();

const saved = (session: string) => savedRun({ session, provider: 'scripted', model: 'scripted', mode: 'code_mode_only', task: 'write a', system: 'You are toolcell.', history: [{ role: 'user', content: 'write a' }] });

describe('saved conversations', () => {
  it('are saved beside a files store (mode 0600) and read back as they were', () => {
    const directory = conversationDirectory({ kind: 'files', directory: store() }, {});
    const session = newRunSession(new Date('2026-12-02T03:15:00Z'));
    expect(session).toMatch(/^run-20261202-031500-[0-9a-f]{6}$/);
    const conversation = saved(session);
    const file = saveConversation(directory, conversation);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConversation(directory, session)).toEqual(conversation);
    writeFileSync(file, '{"version":2}');
    expect(() => loadConversation(directory, session)).toThrow(`--resume: ${file} is not a conversation this toolcell saved; start a new run.`);
  });

  it('live in the state directory for a PostgreSQL store (the resume happens where the run did)', () => {
    expect(conversationDirectory({ kind: 'postgres', url: 'postgres://127.0.0.1/x' }, { XDG_STATE_HOME: '/state' })).toBe('/state/toolcell/sessions');
    expect(conversationDirectory({ kind: 'postgres', url: 'postgres://127.0.0.1/x' }, { HOME: '/home/me' })).toBe('/home/me/.local/state/toolcell/sessions');
  });

  it('are resumed only with the provider and mode they were saved with', async () => {
    const directory = store();
    saveConversation(conversationDirectory({ kind: 'files', directory }, {}), saved('run-1'));
    const settings = (flags: { provider?: string; mode?: string }) => resolveSettings({ workspace: '/tmp', configFile: undefined, config: {}, flags: { ...flags, store: directory } });
    await expect(openDurableRun({ settings: settings({ provider: 'openai', mode: 'code_mode_only' }), resume: 'run-1', environment: {} })).rejects.toThrow(
      "--provider: is openai, but session run-1 talked to scripted (its conversation is in that provider's format); pass --provider scripted.",
    );
    await expect(openDurableRun({ settings: settings({ mode: 'code_mode' }), resume: 'run-1', environment: {} })).rejects.toThrow('--mode: is code_mode, but session run-1 ran in code_mode_only; pass --mode code_mode_only.');
    const run = await openDurableRun({ settings: settings({ mode: 'code_mode_only' }), resume: 'run-1', environment: {} });
    expect(run).toMatchObject({ session: 'run-1', saved: { task: 'write a' } });
    await run?.opened.close();
  });
});
