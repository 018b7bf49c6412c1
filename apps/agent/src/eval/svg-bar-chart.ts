import { escapeHtml } from './escape-html.js';
import { formatCount } from './format-figures.js';

/** A grouped bar chart: one group per category, one bar per series. */
export interface BarChart {
  readonly title: string;
  readonly categories: readonly string[];
  readonly series: readonly { readonly name: string; readonly values: readonly number[] }[];
  /** `log` for values spanning orders of magnitude (default `linear`). */
  readonly scale?: 'linear' | 'log';
  /** How a value is labelled on its bar (default: a count). */
  readonly label?: (value: number) => string;
}

/** One colour per series, distinguishable in print and for common colour blindness. */
export const SERIES_COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2'];

const HEIGHT = 220;
const TOP = 28;
const BOTTOM = 44;
const LEFT = 12;
const BAR = 36;
const GAP = 30;

/**
 * The chart as an inline `<svg>` element: no script, no external font or file, so the page
 * that holds it opens from disk and prints as drawn.
 */
export function renderBarChart(chart: BarChart): string {
  const label = chart.label ?? formatCount;
  const values = chart.series.flatMap((series) => series.values);
  const log = chart.scale === 'log';
  const top = Math.max(...values, log ? 10 : 1);
  const height = (value: number) => {
    if (value <= 0) return 0;
    return log ? (Math.log10(Math.max(1, value)) / Math.log10(top)) * HEIGHT : (value / top) * HEIGHT;
  };
  const groupWidth = chart.series.length * BAR + GAP;
  const width = LEFT * 2 + chart.categories.length * groupWidth;
  const baseline = TOP + HEIGHT;
  const parts: string[] = [];
  chart.categories.forEach((category, group) => {
    const x0 = LEFT + group * groupWidth + GAP / 2;
    chart.series.forEach((series, index) => {
      const value = series.values[group] ?? 0;
      const bar = height(value);
      const x = x0 + index * BAR;
      parts.push(
        `<rect x="${x}" y="${(baseline - bar).toFixed(1)}" width="${BAR - 3}" height="${bar.toFixed(1)}" fill="${SERIES_COLOURS[index % SERIES_COLOURS.length]}"><title>${escapeHtml(`${category} · ${series.name}: ${label(value)}`)}</title></rect>`,
        `<text x="${x + (BAR - 3) / 2}" y="${(baseline - bar - 4).toFixed(1)}" font-size="9" text-anchor="middle">${escapeHtml(label(value))}</text>`,
      );
    });
    parts.push(`<text x="${x0 + (chart.series.length * BAR) / 2}" y="${baseline + 16}" font-size="11" text-anchor="middle">${escapeHtml(category)}</text>`);
  });
  const legend = chart.series
    .map((series, index) => {
      const x = LEFT + index * 150;
      return `<rect x="${x}" y="${baseline + 28}" width="10" height="10" fill="${SERIES_COLOURS[index % SERIES_COLOURS.length]}"/><text x="${x + 14}" y="${baseline + 37}" font-size="11">${escapeHtml(series.name)}</text>`;
    })
    .join('');
  const scaleNote = log ? ' (log scale)' : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${width} ${TOP + HEIGHT + BOTTOM}" width="${width}" height="${TOP + HEIGHT + BOTTOM}" font-family="system-ui, sans-serif">`,
    `<title>${escapeHtml(chart.title + scaleNote)}</title>`,
    `<text x="${LEFT}" y="16" font-size="13" font-weight="600">${escapeHtml(chart.title + scaleNote)}</text>`,
    `<line x1="${LEFT}" y1="${baseline}" x2="${width - LEFT}" y2="${baseline}" stroke="#999"/>`,
    ...parts,
    legend,
    '</svg>',
  ].join('\n');
}
