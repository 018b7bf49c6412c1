import { describe, expect, it } from 'vitest';
import { renderEvalReport } from './render-eval-report.js';
import { renderEvalTable, renderProgressLine } from './render-eval-table.js';
import { renderBarChart } from './svg-bar-chart.js';
import { testEvalResult, testRun } from './test-eval-result.js';

describe('eval rendering', () => {
  it('prints one progress line per run, with the verdict and any refusals', () => {
    expect(renderProgressLine(testRun({}), 1, 45)).toBe('[1/45] aggregation-1 direct: pass — 5 requests, 23,691 tokens sent, 80 ms');
    expect(renderProgressLine(testRun({ passed: false, detail: 'wrong totals', refusals: { UNKNOWN_TOOL: 1 } }), 2, 45)).toBe(
      '[2/45] aggregation-1 direct: FAIL (wrong totals) — 5 requests, 23,691 tokens sent, 80 ms, refused: UNKNOWN_TOOL ×1',
    );
  });

  it('tabulates the medians per family and arm, then the catalog-scale check', () => {
    const lines = renderEvalTable(testEvalResult()).split('\n');
    const row = (start: string) => lines.find((line) => line.startsWith(start))!.split(/ {3,}/);
    expect(row('aggregation · direct')).toEqual(['aggregation · direct', '1/2', '5', '4', '21,845.5', '112', '4', '80 ms', 'none']);
    expect(row('  code_mode_only')).toEqual(['  code_mode_only', '1/1', '2', '1', '1,779', '155', '1 (+4 nested)', '80 ms', 'UNKNOWN_TOOL ×1']);
    expect(lines).toContain('4 of 5 runs passed their task\'s check.');
    expect(row('2,500')).toEqual(['2,500', '228,002', '198,737', '727']);
  });

  it('draws bars proportional to their values (or their logarithms), labelled and escaped', () => {
    const svg = renderBarChart({ title: 'Tokens <sent>', categories: ['a & b'], series: [{ name: 'direct', values: [100] }, { name: 'code', values: [50] }] });
    const heights = [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="33" height="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(heights).toEqual([220, 110]);
    expect(svg).toContain('Tokens &lt;sent&gt;');
    expect(svg).toContain('>a &amp; b</text>');
    const log = renderBarChart({ title: 't', categories: ['x'], series: [{ name: 's', values: [1_000, 10, 0] }], scale: 'log' });
    expect(log).toContain('(log scale)');
  });

  it('writes a self-contained page: inline SVG charts, no script, no external resource, escaped text', () => {
    const html = renderEvalReport(testEvalResult());
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.match(/<svg /g)).toHaveLength(5);
    for (const title of ['Success rate per family (%)', 'Model turns with tool calls (median)', 'Tokens sent to the model (median, o200k)', 'Initial declaration tokens by catalog size (log scale)']) {
      expect(html).toContain(title);
    }
    expect(html).not.toMatch(/<script|<link|\ssrc=|\shref=|@import|url\(/i);
    // The medians row holds the same figures as the text table's.
    expect(html).toContain('<tr><td>aggregation</td><td>direct</td><td>1/2</td><td>5</td><td>4</td><td>21,845.5</td><td>112</td><td>4</td><td>80 ms</td><td>none</td></tr>');
    expect(html).toContain('FAIL: totals &lt;b&gt;differ&lt;/b&gt; &amp; more');
    expect(html).not.toContain('<b>differ');
  });
});
