import { join } from 'node:path';
import { afterEach } from 'vitest';
import { temporaryDirectory } from './tool-context.js';

/**
 * For one test file: a function that names a durable store's directory (`store`, not yet
 * made) inside a fresh temporary directory, removed after the test. Call it at the top of the
 * file; it registers the `afterEach`.
 */
export function storeDirectoryPerTest(): () => string {
  const directories: { dispose(): void }[] = [];
  afterEach(() => directories.splice(0).forEach((directory) => directory.dispose()));
  return () => {
    const directory = temporaryDirectory();
    directories.push(directory);
    return join(directory.path, 'store');
  };
}
