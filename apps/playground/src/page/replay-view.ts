import type { DemoReplay, ReplayRun } from '../replay/demo-replay.js';

function callLine(call: ReplayRun['calls'][number]): string {
  const outcome = call.status === 'ok' ? 'ok' : (call.code ?? 'error');
  return `${call.parentCallId === undefined ? '' : '  ↳ '}${call.name} ${call.callId} ${outcome}`;
}

/**
 * The demo replay: the app's chart of the two runs (its own SVG, rendered at build time
 * from the runner's figures), then each run's calls in the order they ended and the
 * model's last words.
 */
export function renderReplay(container: HTMLElement, replay: DemoReplay): void {
  const task = document.createElement('p');
  task.textContent = `Task: ${replay.task} ${replay.identical ? 'Both runs wrote the same report.' : 'The runs wrote different reports.'}`;
  const chart = document.createElement('div');
  chart.id = 'replay-chart';
  // Trusted markup: the app's renderBarChart escapes every label, and it ran at build time.
  chart.innerHTML = replay.chartSvg;
  const runs = document.createElement('div');
  runs.className = 'columns';
  for (const run of replay.runs) {
    const box = document.createElement('div');
    box.className = 'replay-run';
    box.dataset.mode = run.mode;
    const title = document.createElement('h4');
    title.textContent = `${run.mode}: ${run.modelCalls} model call${run.modelCalls === 1 ? '' : 's'}${run.nestedCalls > 0 ? ` (+${run.nestedCalls} nested)` : ''}, ${Math.round(run.wallMs)} ms at build time`;
    const calls = document.createElement('pre');
    calls.textContent = [...run.calls.map(callLine), '', `model: ${run.finalText}`].join('\n');
    box.append(title, calls);
    runs.append(box);
  }
  container.replaceChildren(task, chart, runs);
}
