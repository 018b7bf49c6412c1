import { defineToolcellProject } from '@toolcell/vitest-config';
import type { UserWorkspaceConfig } from 'vitest/config';

const project = defineToolcellProject({ typecheck: true });

// The postgres backend's tests run against a throwaway PostgreSQL cluster started here.
const config: UserWorkspaceConfig = { ...project, test: { ...project.test, globalSetup: ['./src/test-support/postgres-global-setup.ts'] } };
export default config;
