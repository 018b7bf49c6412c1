import { jsonOutput, textOutput, toolOutput, wireText } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { applyOutputBudget } from './output-budget.js';
import { countingTool, setup } from './test-support/fixtures.js';

describe('applyOutputBudget', () => {
  it('returns the output itself when it fits', () => {
    const output = textOutput('short');
    expect(applyOutputBudget(output, 5)).toBe(output);
  });

  it('cuts wire text to the budget with a marker of how much was cut, leaving the typed result whole', () => {
    const output = toolOutput({ result: { lines: 500 }, wire: 'x'.repeat(50) });
    const cut = applyOutputBudget(output, 20);
    expect(cut.wire.content).toEqual([
      { type: 'text', text: 'x'.repeat(20) },
      { type: 'text', text: "[… 30 of 50 characters cut to fit this tool's 20-character output budget]" },
    ]);
    expect(cut.result).toBe(output.result);
  });

  it('counts text across parts, keeps media, and drops text past the budget', () => {
    const image = { type: 'image', mimeType: 'image/png', data: 'AAAA' } as const;
    const output = toolOutput({ result: null, wire: [{ type: 'text', text: 'abcdef' }, image, { type: 'text', text: 'ghijkl' }, { type: 'text', text: 'mnop' }] });
    expect(applyOutputBudget(output, 8).wire.content).toEqual([
      { type: 'text', text: 'abcdef' },
      image,
      { type: 'text', text: 'gh' },
      { type: 'text', text: "[… 8 of 16 characters cut to fit this tool's 8-character output budget]" },
    ]);
  });

  it("counts a text resource's text as text and keeps blob resources like media", () => {
    const blob = { type: 'resource', uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'A'.repeat(400) } as const;
    const notes = { type: 'resource', uri: 'file:///notes.md', mimeType: 'text/markdown', text: 'abcdefghij' } as const;
    const output = toolOutput({ result: null, wire: [{ type: 'text', text: 'abcd' }, blob, notes, { type: 'resource', uri: 'file:///b.md', text: 'zz' }] });
    expect(applyOutputBudget(output, 8).wire.content).toEqual([
      { type: 'text', text: 'abcd' },
      blob,
      { ...notes, text: 'abcd' },
      { type: 'text', text: "[… 8 of 16 characters cut to fit this tool's 8-character output budget]" },
    ]);
    expect(applyOutputBudget(toolOutput({ result: null, wire: [{ type: 'text', text: 'abcd' }, blob] }), 8).wire.content).toEqual([{ type: 'text', text: 'abcd' }, blob]);
  });

  it('never splits a surrogate pair', () => {
    const cut = applyOutputBudget(textOutput('ab😀cd'), 3);
    expect(cut.wire.content[0]).toEqual({ type: 'text', text: 'ab' });
    expect(wireText(cut.wire)).toContain('4 of 6 characters cut');
  });
});

describe('the budget stage', () => {
  it("cuts the wire projection to the tool's outputBudget", async () => {
    const { registry, runtime } = setup('code_mode');
    const long = Array.from({ length: 100 }, (_, index) => index);
    registry.register(countingTool('list', { outputBudget: 40, execute: () => jsonOutput(long) }));
    const outcome = await runtime.dispatch({ name: 'list', args: {}, callId: 'c1', scope: registry.root });
    expect(outcome.output.result.value).toEqual(long);
    const text = wireText(outcome.output.wire);
    const total = JSON.stringify(long, null, 2).length;
    expect(text.startsWith(JSON.stringify(long, null, 2).slice(0, 40))).toBe(true);
    expect(text).toContain(`[… ${total - 40} of ${total} characters cut to fit this tool's 40-character output budget]`);
  });

  it('uses the runtime default for tools without a budget, after post-execute rewrites', async () => {
    const { registry, runtime } = setup('code_mode', { runtime: { defaultOutputBudget: 4 } });
    runtime.onPostExecute(() => ({ output: textOutput('rewritten text') }));
    const outcome = await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(wireText(outcome.output.wire)).toBe("rewr\n[… 10 of 14 characters cut to fit this tool's 4-character output budget]");
    expect(outcome.output.result.value).toBe('rewritten text');
  });
});
