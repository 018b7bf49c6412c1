import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { HttpRetentionReport } from '../test-support/http-retention-probe.js';
import { DEFAULT_MAX_SESSIONS } from './serve-streamable-http.js';

const require = createRequire(import.meta.url);
const MIB = 1024 * 1024;

// Before sessions were bounded, each request without a session kept ~26 KiB and each
// abandoned session ~25 KiB until shutdown: 10,000 requests would keep ~250 MiB and 2,000
// cycles ~50 MiB. The bounds below are far above what is measured now (under 1 MiB and
// about 2 MiB, the second being the 64 sessions kept) and far below either.
describe('serveStreamableHttp memory (a node process of its own, forced GC)', () => {
  it('stays flat under 10,000 requests without a session and 2,000 SDK clients that connect and close', async () => {
    const probe = fileURLToPath(new URL('../test-support/http-retention-probe.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--conditions=@toolcell/source', '--import', require.resolve('tsx'), probe, '10000', '2000'], {
      maxBuffer: 1024 * 1024,
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as HttpRetentionReport;
    expect(report.afterRequests - report.baseline).toBeLessThan(4 * MIB);
    expect(report.afterCycles - report.afterRequests).toBeLessThan(8 * MIB);
    expect(report.sessionCount).toBeLessThanOrEqual(DEFAULT_MAX_SESSIONS);
    // One SDK server per connecting client, none for the requests without a session.
    expect(report.connects).toBe(2_100);
  }, 240_000);
});
