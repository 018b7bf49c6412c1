import { afterEach } from 'vitest';
import type { HarnessOptions } from './harness.js';
import { createHarness } from './harness.js';

/** A real registry, runtime, sandbox and Code Mode from {@link createHarness}. */
export type Harness = ReturnType<typeof createHarness>;

/**
 * `createHarness` for one test file: each harness it makes (its options over `defaults`)
 * is closed after its test. Call it at the top of the file; it registers the `afterEach`.
 */
export function harnessPerTest(defaults: HarnessOptions = {}): (options?: HarnessOptions) => Harness {
  const open: Harness[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((created) => created.close()));
  });
  return (options = {}) => {
    const created = createHarness({ ...defaults, ...options });
    open.push(created);
    return created;
  };
}
