// Shared vitest settings. Workspace packages resolve each other's `src/` through the
// `@toolcell/source` export condition, so tests need no prior build.
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const SOURCE_CONDITION = '@toolcell/source';

/**
 * @param {{ typecheck?: boolean, testTimeout?: number, include?: string[], failOnEscapedErrors?: boolean }} [options]
 */
export function defineToolcellProject(options = {}) {
  return defineProject({
    resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
    ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
    test: {
      include: options.include ?? ['src/**/*.test.ts', 'test/**/*.test.ts'],
      // Two cores on CI: one fork per package keeps heavy sandbox tests from starving.
      pool: 'forks',
      maxWorkers: 2,
      testTimeout: options.testTimeout ?? 20_000,
      setupFiles: options.failOnEscapedErrors ? [fileURLToPath(new URL('./fail-on-escaped-errors.js', import.meta.url))] : [],
      typecheck: {
        enabled: options.typecheck ?? false,
        include: ['src/**/*.test-d.ts'],
        tsconfig: './tsconfig.json',
      },
    },
  });
}
