// One source for the limits: the sandbox resolves them once, when `new CodeMode` runs; a
// limit out of range is a ConfigurationError then, and any limit set it accepts is stated
// exactly by the `exec` description (sdkgen checks nothing of its own).
import { ConfigurationError } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import type { SandboxLimits } from '@toolcell/sandbox';
import { DEFAULT_SANDBOX_LIMITS, SANDBOX_LIMIT_BOUNDS, createInProcessTransport } from '@toolcell/sandbox';
import { describe, expect, it } from 'vitest';
import type { CodeModeOptions } from './code-mode-options.js';
import { CodeMode } from './code-mode.js';
import { unusedTransport } from './test-support/unused-transport.js';

const LIMIT_NAMES = Object.keys(SANDBOX_LIMIT_BOUNDS) as Array<keyof SandboxLimits>;

function create(extra: Partial<CodeModeOptions>): { codeMode: CodeMode; registry: ToolRegistry } {
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  registry.register({ kind: 'function', name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object' }, execute: () => ({ result: { projection: 'typed', value: '' }, wire: { projection: 'wire', content: [] } }) });
  const codeMode = new CodeMode({ registry, runtime: new ToolRuntime({ registry }), transport: unusedTransport(), cells: true, ...extra });
  codeMode.install();
  return { codeMode, registry };
}

function constructionError(extra: Partial<CodeModeOptions>): unknown {
  try {
    create(extra);
  } catch (error) {
    return error;
  }
  throw new Error('expected new CodeMode to throw');
}

// Reads the figures back from the description, independently of how sdkgen prints them.
const UNITS: Record<string, number> = { byte: 1, bytes: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, ms: 1, s: 1000 };
function figure(text: string): number {
  const match = /^([\d,]+(?:\.\d)?) (\w+)$/.exec(text);
  if (!match) throw new Error(`not a figure: ${text}`);
  return Number(match[1]!.replaceAll(',', '')) * UNITS[match[2]!]!;
}
function count(text: string): number {
  return Number(text.replaceAll(',', ''));
}
function statedLimits(description: string) {
  const text = /at most ([\d,]+) characters/.exec(description);
  const media = /at most ([\d,]+) items, ([\d,.]+ \w+)\./.exec(description);
  const timers = /at most ([\d,]+) pending/.exec(description);
  const machine = /Limits: (.+?) of CPU time \(waiting for tools does not count\), (.+?) of memory\./.exec(description);
  if (!text || !media || !timers || !machine) throw new Error(`the description does not state every limit:\n${description}`);
  return {
    maxTextChars: count(text[1]!),
    maxMediaItems: count(media[1]!),
    maxMediaBytes: figure(media[2]!),
    maxTimers: count(timers[1]!),
    cpuBudgetMs: figure(machine[1]!),
    memoryBytes: figure(machine[2]!),
  };
}

function execDescription(registry: ToolRegistry): string {
  const exec = registry.wireView(registry.root).find((declaration) => declaration.name === 'exec');
  if (!exec) throw new Error('exec is not declared');
  return exec.description;
}

/** Min, max, default and a few values between, for one limit. */
function inBoundsValues(name: keyof SandboxLimits): number[] {
  const [min, max] = SANDBOX_LIMIT_BOUNDS[name];
  const values = [min, max, DEFAULT_SANDBOX_LIMITS[name], min + 1, Math.floor((min + max) / 2), Math.floor(min + (max - min) / 3), Math.min(max, min + 1025)];
  return [...new Set(values)];
}

describe('CodeMode limits: checked once, at construction', () => {
  const outOfRange = LIMIT_NAMES.flatMap((name) => {
    const [min, max] = SANDBOX_LIMIT_BOUNDS[name];
    return [
      { name, case: 'below its minimum', value: min - 1, min, max },
      { name, case: 'above its maximum', value: max + 1, min, max },
      { name, case: 'not an integer', value: min + 0.5, min, max },
    ];
  });

  it.each(outOfRange)('rejects $name $case ($value) with a ConfigurationError naming the limit, the value and the range', ({ name, value, min, max }) => {
    const error = constructionError({ limits: { [name]: value } });
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'INVALID_CONFIGURATION',
      setting: `limits.${name}`,
      message: `limits.${name}: must be an integer from ${min} to ${max}, got ${value}`,
    });
  });

  it('rejects an unknown limit by name', () => {
    const error = constructionError({ limits: { cpuMs: 5 } as Partial<SandboxLimits> });
    expect(error).toMatchObject({ code: 'INVALID_CONFIGURATION', setting: 'limits.cpuMs' });
  });

  it('rejects the stored-bytes cap under cells: it is limits.maxStoredBytes, set in one place', () => {
    const error = constructionError({ cells: { maxStoredBytes: 32 } as CodeModeOptions['cells'] });
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ setting: 'codeMode.cells.maxStoredBytes', message: 'codeMode.cells.maxStoredBytes: set it as limits.maxStoredBytes; each limit has one place.' });
  });

  it("applies the transport's own rules then (in process, the stack is at most 256 KiB)", () => {
    const transport = createInProcessTransport({ prewarm: false });
    const error = constructionError({ transport, limits: { stackBytes: 512 * 1024 } });
    expect(error).toMatchObject({ code: 'INVALID_CONFIGURATION', setting: 'limits.stackBytes' });
    return transport.close();
  });
});

describe('CodeMode limits: every accepted set is stated exactly', () => {
  const sets: Array<{ label: string; limits: Partial<SandboxLimits> }> = [
    { label: 'the defaults', limits: {} },
    ...LIMIT_NAMES.flatMap((name) => inBoundsValues(name).map((value) => ({ label: `${name} = ${value}`, limits: { [name]: value } }))),
    { label: 'every limit at its minimum', limits: Object.fromEntries(LIMIT_NAMES.map((name) => [name, SANDBOX_LIMIT_BOUNDS[name][0]])) },
    { label: 'every limit at its maximum', limits: Object.fromEntries(LIMIT_NAMES.map((name) => [name, SANDBOX_LIMIT_BOUNDS[name][1]])) },
  ];

  it.each(sets)('$label: wireView describes exec with exactly these limits', ({ limits }) => {
    const { registry } = create({ limits });
    const resolved = { ...DEFAULT_SANDBOX_LIMITS, ...limits };
    expect(statedLimits(execDescription(registry))).toEqual({
      maxTextChars: resolved.maxTextChars,
      maxMediaItems: resolved.maxMediaItems,
      maxMediaBytes: resolved.maxMediaBytes,
      maxTimers: resolved.maxTimers,
      cpuBudgetMs: resolved.cpuBudgetMs,
      memoryBytes: resolved.memoryBytes,
    });
  });

  it("states the transport's own limits when Code Mode sets none", () => {
    const { registry } = create({ transport: unusedTransport({ cpuBudgetMs: 1_500, maxTextChars: 2_000 }) });
    expect(statedLimits(execDescription(registry))).toMatchObject({ cpuBudgetMs: 1_500, maxTextChars: 2_000 });
  });
});
