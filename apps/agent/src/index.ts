// The app's public entry: what other workspace apps may use (the playground replays the
// demo at build time). The app is not published; adding an export is still an API decision.
export type { CallEndTranscriptEvent, TranscriptEvent, TranscriptSink } from './agent/transcript-event.js';
export type { DemoResult, DemoRun, DemoSandboxWarmUp } from './demo/run-demo.js';
export { DEMO_MODES, runDemo } from './demo/run-demo.js';
export type { BarChart } from './eval/svg-bar-chart.js';
export { renderBarChart } from './eval/svg-bar-chart.js';
