import { defineToolcellProject } from '@toolcell/vitest-config';

// The browser test drives a real Chromium on a loaded machine: generous timeouts.
export default defineToolcellProject({ testTimeout: 150_000 });
