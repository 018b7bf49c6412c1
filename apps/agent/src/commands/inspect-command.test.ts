import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentRuntime } from '../agent/agent-runtime.js';
import type { SettingFlags } from '../config/agent-settings.js';
import { resolveSettings } from '../config/agent-settings.js';
import type { ToolcellConfig } from '../config/toolcell-config.js';
import { inspect } from './inspect-command.js';

let workspace: string;
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'toolcell-inspect-'));
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

async function inspectWith(config: ToolcellConfig, flags: SettingFlags = {}) {
  const settings = resolveSettings({ workspace, config, configFile: undefined, flags });
  const runtime = await AgentRuntime.create({ settings, transcript: () => undefined, prompts: undefined });
  try {
    return await inspect(runtime);
  } finally {
    await runtime.close();
  }
}

describe('inspect', () => {
  it('direct: every demo tool in the OpenAI Chat format, no exec, no sections', async () => {
    const report = await inspectWith({});
    expect(report).toMatchObject({ mode: 'direct', provider: 'scripted', execDescription: null, promptSections: [] });
    expect(report.declarations).toContainEqual(expect.objectContaining({ type: 'function', function: expect.objectContaining({ name: 'write_file' }) }));
  });

  it('code_mode_only: exec documents the bindings; tools.directControl moves a tool onto the wire', async () => {
    const report = await inspectWith({ tools: { mode: 'code_mode_only', directControl: ['ask_user_question', 'search_text'] } });
    expect(report.tools).toEqual(['ask_user_question', 'exec', 'search_text']);
    expect(report.execDescription).toContain('function read_file(');
    expect(report.execDescription).not.toContain('function search_text(');
    expect(report.promptSections[0]?.id).toBe('tools:code-only');
  });

  it('tools.search declares tool_search and documents only the eager tools in full', async () => {
    const report = await inspectWith({ tools: { mode: 'code_mode_only', search: true, eager: ['read_file'] } });
    expect(report.tools).toEqual(['ask_user_question', 'exec', 'tool_search']);
    expect(report.execDescription).toContain('function read_file(');
    expect(report.execDescription).not.toContain('function write_file(');
  });

  it('--cells declares wait; the provider flag picks the declaration format', async () => {
    const report = await inspectWith({ tools: { mode: 'code_mode' } }, { cells: true, provider: 'openai-responses' });
    expect(report.tools).toContain('wait');
    expect(report.declarations).toContainEqual(expect.objectContaining({ type: 'custom', name: 'exec' }));
  });
});
