import { defineToolcellProject } from '@toolcell/vitest-config';

export default defineToolcellProject({ testTimeout: 60_000 });
