import { defineToolcellProject } from '@toolcell/vitest-config';
import { mergeConfig } from 'vitest/config';

// Child processes start from sources through tsx in tests, which takes seconds on a busy
// two-core machine: the slow files need more than the default 20 s per test. Every test
// fails on an unhandled rejection or uncaught exception (vitest.setup.ts).
export default mergeConfig(defineToolcellProject({ typecheck: true, testTimeout: 60_000 }), {
  test: { setupFiles: ['./vitest.setup.ts'] },
});
