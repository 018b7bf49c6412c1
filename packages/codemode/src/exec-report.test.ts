import { describe, expect, it } from 'vitest';
import type { ExecOutputItem, ExecReport } from './exec-report.js';
import { renderExecReport } from './exec-report.js';

const HEADER = 'Script completed in 1 ms (cell 1).';
const png = { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' } as const;
const text = (value: string): ExecOutputItem => ({ type: 'text', text: value });
const report = (output: ExecOutputItem[], extra: Partial<ExecReport> = {}): ExecReport => ({ status: 'completed', cellId: '1', wallMs: 1, output, ...extra });
// Characters per token: nothing here comes near the budget.
const render = (observation: ExecReport) => renderExecReport(observation, { maxOutputTokens: 10_000, countTokens: (piece) => piece.length });

describe('renderExecReport', () => {
  it('keeps every run of text, an empty one too, between the media it was printed between', () => {
    const output = render(report([text('one'), text('two'), png, text(''), { ...png, type: 'generatedImage' }, png, text('three')], { returnValue: 3 }));
    expect(output.wire.content).toEqual([
      { type: 'text', text: `${HEADER}\none\ntwo` },
      png,
      { type: 'text', text: '' },
      png,
      png,
      { type: 'text', text: 'three\nReturn value: 3' },
    ]);
    expect(output.result.value.text).toBe('one\ntwo\n\nthree');
  });

  it('opens with the header alone before leading media and closes with the trailer after trailing media', () => {
    const output = render(report([png, text('a'), png], { notes: ['from a hook'] }));
    expect(output.wire.content).toEqual([{ type: 'text', text: HEADER }, png, { type: 'text', text: 'a' }, png, { type: 'text', text: 'Note: from a hook' }]);
    expect(render(report([png])).wire.content).toEqual([{ type: 'text', text: HEADER }, png]);
  });

  it('tells no text items from empty ones', () => {
    expect(render(report([])).wire.content).toEqual([{ type: 'text', text: HEADER }]);
    expect(render(report([text(''), text('')])).wire.content).toEqual([{ type: 'text', text: `${HEADER}\n\n` }]);
    expect(render(report([text(''), text('')])).result.value.text).toBe('\n');
  });

  it('says in the typed result whether the count before the cut is exact (issue 28)', () => {
    const perChar = { maxOutputTokens: 100, countTokens: (piece: string) => piece.length };
    const exact = renderExecReport(report([text('word '.repeat(200))]), perChar);
    expect(exact.result.value).toMatchObject({ truncated_from_tokens: 1000 });
    expect(exact.result.value).not.toHaveProperty('truncated_from_tokens_estimated');
    const estimated = renderExecReport(report([text('y'.repeat(40_000))]), perChar);
    expect(estimated.result.value).toMatchObject({ truncated_from_tokens: 40_000, truncated_from_tokens_estimated: true });
    expect(estimated.wire.content[0]).toMatchObject({ text: expect.stringContaining('output truncated: about 40000 tokens') });
  });

  it('puts the media after the text once it is cut', () => {
    const output = renderExecReport(report([text('x'.repeat(300)), png, text('y'.repeat(300))]), { maxOutputTokens: 100, countTokens: (piece) => piece.length });
    expect(output.wire.content).toHaveLength(2);
    expect(output.wire.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('output truncated') });
    expect(output.wire.content[1]).toEqual(png);
    expect(output.result.value.text).toBe(`${'x'.repeat(300)}\n${'y'.repeat(300)}`);
  });
});
