// The per-test lifecycle of the durable tests: a fresh temp directory before each test, the
// stacks made over it closed (last made, first closed) and the directory removed after it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { DurableCodeModeSetupOptions, DurableSetupOptions } from './durable-setup.js';
import { durableCodeModeSetup, durableSetup } from './durable-setup.js';

/**
 * The durable stacks of one test file over a directory made for each test (its name starts
 * with `prefix`). Call it at the top of the file; it registers the `beforeEach` and `afterEach`.
 */
export function durablePerTest(prefix: string) {
  let directory = '';
  let closers: Array<() => Promise<void> | void> = [];
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), prefix));
    closers = [];
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await rm(directory, { recursive: true, force: true });
  });
  return {
    /** This test's directory. */
    get directory(): string {
      return directory;
    },
    /** Runs `close` after this test, before the directory goes. */
    onClose(close: () => Promise<void> | void): void {
      closers.push(close);
    },
    /** {@link durableSetup} over this test's directory, closed after it. */
    setup(options: DurableSetupOptions = {}) {
      const made = durableSetup(directory, options);
      closers.push(() => made.close());
      return made;
    },
    /** {@link durableCodeModeSetup} over this test's directory, closed after it. */
    codeModeSetup(options: DurableCodeModeSetupOptions = {}) {
      const made = durableCodeModeSetup(directory, options);
      closers.push(() => made.close());
      return made;
    },
  };
}
