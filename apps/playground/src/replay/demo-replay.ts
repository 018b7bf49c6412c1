// Types only: the page never loads the app's code, only what the build recorded.
import type { DemoRun } from '@toolcell/agent';

/** One call of a recorded demo run, in the order the calls ended. */
export interface ReplayCall {
  readonly callId: string;
  readonly name: string;
  /** The `exec` call a nested call came from. */
  readonly parentCallId?: string;
  readonly status: 'ok' | 'error';
  readonly code?: string;
}

/** One run of the app's demo, as the app's runner reported it, with its calls. */
export type ReplayRun = Omit<DemoRun, 'reportPath' | 'report'> & { readonly calls: readonly ReplayCall[] };

/** The demo recorded at build time (`virtual:demo-replay`), with its comparison chart. */
export interface DemoReplay {
  readonly task: string;
  readonly runs: readonly ReplayRun[];
  readonly identical: boolean;
  /** The app's own SVG bar chart of the runs (`renderBarChart`). */
  readonly chartSvg: string;
}
