import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_WARM_UP_CALLS } from '../agent/sandbox-warm-up.js';
import { MODELLED_ROUND_TRIP_MS, SAMPLE_PROJECT_DIRECTORY, SANDBOX_WARM_UP_PROGRAMS, runDemo } from './run-demo.js';
import { renderComparison } from './render-comparison.js';

// The report for the sample project, written out here rather than computed by the
// functions that produce it (extractTodos, formatTodoReport), so a bug in them fails the test.
const EXPECTED_REPORT = [
  '# TODO report',
  '',
  '11 TODOs from 5 owners in 7 files.',
  '',
  '## ana (2)',
  '',
  '- src/server.js:6 — read the port and the database URL from one config module.',
  '- src/server.js:17 — close the server and the database pool on SIGTERM.',
  '',
  '## ben (2)',
  '',
  '- README.md:9 — document the deployment steps and the environment variables.',
  '- src/routes/orders.js:10 — validate the request body before inserting an order.',
  '',
  '## chen (3)',
  '',
  '- src/db/pool.js:4 — use a real connection pool with a size limit.',
  '- src/db/schema.sql:7 — add an index on orders.customer_id for the customer lookups.',
  '- src/routes/orders.js:4 — paginate; this returns every order in one response.',
  '',
  '## dana (2)',
  '',
  '- docs/roadmap.md:4 — decide whether returns get their own table.',
  '- scripts/cleanup.py:5 — confirm the retention period with legal.',
  '',
  '## unassigned (2)',
  '',
  '- scripts/cleanup.py:12 — schedule this script nightly instead of running it by hand.',
  '- src/server.js:9 — serve a health check at /healthz for the load balancer.',
  '',
].join('\n');

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the demo', () => {
  it('writes the same TODO report in direct and code_mode_only, with fewer requests and tokens in code mode', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolcell-demo-test-'));
    roots.push(root);
    const result = await runDemo({ transcriptFor: () => () => undefined, root });
    expect(result.identical).toBe(true);
    const [direct, code] = result.runs;
    expect(direct?.report).toBe(EXPECTED_REPORT);
    expect(code?.report).toBe(EXPECTED_REPORT);
    expect(readFileSync(code!.reportPath, 'utf8')).toBe(readFileSync(direct!.reportPath, 'utf8'));
    const files = filesUnder(SAMPLE_PROJECT_DIRECTORY).length;
    expect(direct).toMatchObject({ mode: 'direct', toolTurns: files + 2, requests: files + 3, modelCalls: files + 2, nestedCalls: 0 });
    expect(code).toMatchObject({ mode: 'code_mode_only', toolTurns: 1, requests: 2, modelCalls: 1, nestedCalls: files + 2 });
    expect(code!.tokens).toBeLessThan(direct!.tokens);
    // A real model's latency is modelled per round trip: code mode makes 2, direct one per file and three more.
    expect(direct!.modelledWallMs).toBe(direct!.wallMs + (files + 3) * MODELLED_ROUND_TRIP_MS);
    expect(code!.modelledWallMs).toBe(code!.wallMs + 2 * MODELLED_ROUND_TRIP_MS);
    // The code-mode run's sandbox ran its warm-up programs before the run's first exec started:
    // at least one (the process's start), at most SANDBOX_WARM_UP_PROGRAMS (fewer if the
    // modelled first reply ended first), each making its calls; none of them reached the
    // tools or was counted as the run's (nestedCalls above).
    expect(code!.sandboxWarmBeforeFirstExec).toBe(true);
    expect(direct!.sandboxWarmBeforeFirstExec).toBeUndefined();
    const warmUp = code!.sandboxWarmUp!;
    expect(warmUp.programs).toBeGreaterThanOrEqual(1);
    expect(warmUp.programs).toBeLessThanOrEqual(SANDBOX_WARM_UP_PROGRAMS);
    expect(warmUp.calls).toBe(warmUp.programs * SANDBOX_WARM_UP_CALLS);
    expect(direct!.sandboxWarmUp).toBeUndefined();
    const table = renderComparison(result);
    expect(table).toContain(`the code_mode_only sandbox process's start and ${warmUp.programs} warm-up programs (${warmUp.calls.toLocaleString('en-US')} calls, answered by the warm-up itself)`);
    expect(table).toContain(`report (direct): ${direct!.reportPath}`);
    expect(table).toContain(`Both runs wrote the same report (${Buffer.byteLength(EXPECTED_REPORT)} bytes).`);
  });
});
