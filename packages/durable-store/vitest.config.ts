import { defineToolcellProject } from '@toolcell/vitest-config';

export default defineToolcellProject({ typecheck: true });
