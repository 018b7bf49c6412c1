import type { UserWorkspaceConfig } from 'vitest/config';

/** Options of {@link defineToolcellProject}. */
export interface ToolcellProjectOptions {
  /** Run `src/**\/*.test-d.ts` type tests too. */
  typecheck?: boolean;
  /** Per-test timeout in ms (default 20 000). */
  testTimeout?: number;
  /** Fail a test when an unhandled rejection or uncaught exception escapes during it. */
  failOnEscapedErrors?: boolean;
  /** Test file globs (default `src/**\/*.test.ts`, `test/**\/*.test.ts`). */
  include?: string[];
}

/** The vitest project settings every toolcell package uses. */
export declare function defineToolcellProject(options?: ToolcellProjectOptions): UserWorkspaceConfig;
