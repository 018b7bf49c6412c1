import { defineToolcellProject } from '@toolcell/vitest-config';

// Child processes start from sources through tsx in tests, which takes seconds on a busy
// two-core machine: the slow files need more than the default 20 s per test.
export default defineToolcellProject({ typecheck: true, testTimeout: 60_000 });
