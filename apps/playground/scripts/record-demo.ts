// Run the reference app's demo (its scripted model, direct and code_mode_only) through the
// app's public entry and write what the playground replays as JSON to the file named by
// the first argument. The build runs it (vite-plugin-demo-replay.ts):
//   tsx --conditions=@toolcell/source scripts/record-demo.ts <out.json>
import { rmSync, writeFileSync } from 'node:fs';
import type { TranscriptEvent } from '@toolcell/agent';
import { DEMO_MODES, renderBarChart, runDemo } from '@toolcell/agent';
import { CHART_CATEGORIES, chartFigures } from '../src/replay/chart-figures.js';
import type { DemoReplay, ReplayCall } from '../src/replay/demo-replay.js';

async function recordDemo(): Promise<DemoReplay> {
  const calls = new Map<string, ReplayCall[]>(DEMO_MODES.map((mode) => [mode, []]));
  const collect = (mode: string) => (event: TranscriptEvent) => {
    if (event.type !== 'call_end') return;
    calls.get(mode)?.push({
      callId: event.callId,
      name: event.name,
      status: event.status,
      ...(event.parentCallId === undefined ? {} : { parentCallId: event.parentCallId }),
      ...(event.code === undefined ? {} : { code: event.code }),
    });
  };
  const result = await runDemo({ transcriptFor: collect });
  rmSync(result.workspace, { recursive: true, force: true });
  const chartSvg = renderBarChart({
    title: 'The demo task, direct vs code_mode_only',
    categories: [...CHART_CATEGORIES],
    series: result.runs.map((run) => ({ name: run.mode, values: chartFigures(run) })),
    // Tokens are thousands, turns are ones: a log scale shows both.
    scale: 'log',
  });
  return {
    task: result.task,
    identical: result.identical,
    chartSvg,
    runs: result.runs.map((run) => ({
      mode: run.mode,
      toolTurns: run.toolTurns,
      requests: run.requests,
      tokens: run.tokens,
      modelCalls: run.modelCalls,
      nestedCalls: run.nestedCalls,
      wallMs: run.wallMs,
      modelledWallMs: run.modelledWallMs,
      finalText: run.finalText,
      calls: calls.get(run.mode) ?? [],
    })),
  };
}

const out = process.argv[2];
if (out === undefined) throw new Error('Usage: record-demo.ts <out.json>');
writeFileSync(out, JSON.stringify(await recordDemo()));
