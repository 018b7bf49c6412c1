import { ConfigurationError } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import type { CodeModeOptions } from './code-mode-options.js';
import { CodeMode } from './code-mode.js';
import { unusedTransport } from './test-support/unused-transport.js';

function create(extra: Partial<CodeModeOptions>): CodeMode {
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  return new CodeMode({ registry, runtime: new ToolRuntime({ registry }), transport: unusedTransport(), ...extra });
}

describe('CodeMode configuration', () => {
  it('rejects sandbox limits that cannot work before any program runs', () => {
    expect(() => create({ limits: { cpuBudgetMs: 0 } })).toThrow(ConfigurationError);
    expect(() => create({ limits: { cpuBudgetMs: 0 } })).toThrow('limits.cpuBudgetMs: must be an integer from 1 to');
  });

  it('rejects non-positive code-mode settings, naming the setting', () => {
    expect(() => create({ maxOutputTokens: 0 })).toThrow('codeMode.maxOutputTokens: must be a positive integer; got 0.');
    expect(() => create({ cells: { maxLiveCells: 1.5 } })).toThrow('codeMode.cells.maxLiveCells: must be a positive integer; got 1.5.');
    // A longer timer would fire after 1 ms (issue 28 item 3).
    expect(() => create({ cells: { defaultYieldTimeMs: 3_000_000_000 } })).toThrow('codeMode.cells.defaultYieldTimeMs: must be at most 3600000; got 3000000000.');
    expect(create({ cells: { defaultYieldTimeMs: 3_600_000 } }).waitTool?.name).toBe('wait');
  });

  it('declares wait only when cells are on', () => {
    expect(create({}).waitTool).toBeUndefined();
    expect(create({ cells: true }).waitTool?.name).toBe('wait');
  });
});
