// publint and attw over one packed tarball.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { runCommand } from './run-command.mjs';

/**
 * publint in strict mode: errors and warnings fail, suggestions are printed only.
 * @returns {Promise<boolean>} whether the package passed
 */
export async function runPublint(tarball) {
  const bytes = readFileSync(tarball);
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const { messages, pkg } = await publint({ pack: { tarball: arrayBuffer }, strict: true, level: 'suggestion' });
  for (const message of messages) {
    console.log(`  publint ${message.type}: ${formatMessage(message, pkg, { color: false }) ?? message.code}`);
  }
  const failed = messages.filter((message) => message.type !== 'suggestion');
  if (failed.length === 0) console.log('  publint: ok');
  return failed.length === 0;
}

/**
 * attw over the tarball with the `esm-only` profile: the packages ship ESM only on
 * purpose (Node >= 20.19 can `require()` ESM), so the CommonJS resolution modes are not
 * checked; `node16` ESM and `bundler` are. `@types` lookups are off: the packages ship
 * their own types and the check must not depend on the registry.
 * @returns {boolean} whether the package passed
 */
export function runAttw(root, tarball) {
  const attw = join(root, 'node_modules', '.bin', 'attw');
  const args = [tarball, '--profile', 'esm-only', '--no-definitely-typed', '--format', 'table', '--no-emoji', '--no-color'];
  console.log(`  attw ${args.join(' ')}`);
  return runCommand(attw, args).status === 0;
}
