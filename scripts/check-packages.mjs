#!/usr/bin/env node
// Check every public package as it will be published: pack it with pnpm, run publint and
// attw on the tarball, install the tarballs with npm into a project outside the workspace
// and compile and run every README example there (scripts/lib/readme-examples.mjs), then
// compile tooling/consumer-check against the built `.d.ts`.
// Expects a build first (`pnpm check:packages` runs `turbo run build`, then this).
//
//   node scripts/check-packages.mjs [package-name …]   (no names: every public package)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileConsumer, findCoverageGaps, unbuilt } from './lib/check-consumer.mjs';
import { runAttw, runPublint } from './lib/lint-tarball.mjs';
import { checkReadmeExamples } from './lib/readme-examples.mjs';
import { packPackage, resolvePnpm } from './lib/pack-package.mjs';
import { listPublicPackages } from './lib/workspace-packages.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const everyPackage = listPublicPackages(root);
const packages = wanted.length === 0 ? everyPackage : everyPackage.filter((pkg) => wanted.some((name) => pkg.name === name || pkg.name.endsWith(`/${name}`)));

if (packages.length === 0) {
  console.error(`No public package matches ${wanted.join(', ')}.`);
  process.exit(1);
}
const missing = unbuilt(packages);
if (missing.length > 0) {
  console.error(`Not built: ${missing.join(', ')}. Run \`pnpm check:packages\` (it builds first) or \`pnpm build\`.`);
  process.exit(1);
}

const failures = [];
const pnpm = resolvePnpm(root);
const workDir = mkdtempSync(join(tmpdir(), 'toolcell-pack-'));
const tarballs = new Map();
try {
  for (const pkg of packages) {
    console.log(`\n▶ ${pkg.name}`);
    let tarball;
    try {
      tarball = packPackage({ pnpm, dir: pkg.dir, destination: join(workDir, pkg.name.replace(/[@/]/g, '_')) });
    } catch (error) {
      console.log(`  ${error instanceof Error ? error.message : String(error)}`);
      failures.push(`${pkg.name}: pack`);
      continue;
    }
    tarballs.set(pkg.name, tarball);
    if (!(await runPublint(tarball))) failures.push(`${pkg.name}: publint`);
    if (!runAttw(root, tarball)) failures.push(`${pkg.name}: attw`);
  }
  // The README examples need every package installed, so they run only on a full check.
  if (wanted.length === 0 && tarballs.size === everyPackage.length) {
    for (const failure of checkReadmeExamples({ root, packages: everyPackage, tarballs })) {
      console.log(`\n✗ ${failure}`);
      failures.push(`README examples: ${failure.split('\n')[0]}`);
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

// The consumer always covers every package, even when only some were packed above.
const gaps = findCoverageGaps(root, everyPackage);
for (const gap of gaps) console.log(`\n✗ ${gap}`);
if (gaps.length > 0) failures.push('consumer-check: coverage');
const unbuiltElsewhere = unbuilt(everyPackage);
if (unbuiltElsewhere.length > 0) {
  failures.push(`consumer-check: not compiled, because ${unbuiltElsewhere.join(', ')} is not built`);
} else if (!compileConsumer(root, everyPackage)) {
  failures.push('consumer-check: tsc');
}

console.log('');
if (failures.length > 0) {
  console.log(`Package checks failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
const packed = packages.map((pkg) => pkg.name).join(', ');
console.log(`Package checks passed: publint and attw for ${packed}; README examples compiled and run from the installed tarballs; consumer-check compiled with NodeNext and Bundler resolution.`);
