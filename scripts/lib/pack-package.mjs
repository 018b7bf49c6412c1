// Pack a package the way it is published. pnpm (not npm) packs it because pnpm publishes
// it: `workspace:*` ranges are rewritten and `publishConfig` applied, so publint and attw
// see the same tarball a user would download.
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { runCommand } from './run-command.mjs';

/** How to call pnpm: the one on PATH (set when run through pnpm), else the pinned one via npx. */
export function resolvePnpm(root) {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (!probe.error && probe.status === 0) return { command: 'pnpm', prefix: [] };
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const pinned = typeof manifest.packageManager === 'string' ? manifest.packageManager : 'pnpm';
  return { command: 'npx', prefix: ['-y', pinned] };
}

/**
 * Pack `dir` into its own folder under `destination`.
 * @returns {string} the tarball path
 */
export function packPackage({ pnpm, dir, destination }) {
  mkdirSync(destination, { recursive: true });
  const result = runCommand(pnpm.command, [...pnpm.prefix, 'pack', '--pack-destination', destination], {
    cwd: dir,
    capture: true,
  });
  if (result.status !== 0) {
    throw new Error(`pnpm pack failed in ${dir}:\n${result.stdout}${result.stderr}`);
  }
  const tarballs = readdirSync(destination).filter((file) => file.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new Error(`expected one tarball in ${destination}, found ${tarballs.length}`);
  return join(destination, tarballs[0]);
}
