// The consumer project (tooling/consumer-check): it must depend on and import every public
// entry point, resolve each to built `dist/*.d.ts` (never to sources), and compile.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { runCommand } from './run-command.mjs';

const CONSUMER = join('tooling', 'consumer-check');
const TSCONFIGS = ['tsconfig.json', 'tsconfig.bundler.json', 'tsconfig.frameworks.json'];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** Problems that mean the consumer no longer covers the public surface. */
export function findCoverageGaps(root, packages) {
  const consumerDir = join(root, CONSUMER);
  const manifest = JSON.parse(readFileSync(join(consumerDir, 'package.json'), 'utf8'));
  const declared = { ...manifest.dependencies, ...manifest.devDependencies };
  const sources = sourceFiles(join(consumerDir, 'src')).map((file) => readFileSync(file, 'utf8')).join('\n');
  const gaps = [];
  for (const pkg of packages) {
    if (!(pkg.name in declared)) {
      gaps.push(`${CONSUMER}/package.json does not depend on ${pkg.name}: add "${pkg.name}": "workspace:*" and run the install once.`);
    }
    for (const specifier of pkg.entryPoints) {
      if (!sources.includes(`'${specifier}'`)) {
        gaps.push(`${CONSUMER}/src does not import '${specifier}': add it to src/entry-points.ts (or a *.node.ts file if it needs Node).`);
      }
    }
  }
  return gaps;
}

/** Files of workspace packages that the compile resolved to something other than built declarations. */
function sourceLeaks(root, listed, packages) {
  const packageDirs = packages.map((pkg) => pkg.dir + sep);
  return listed
    .split('\n')
    .map((line) => line.trim())
    .filter((file) => packageDirs.some((dir) => file.startsWith(dir)))
    .filter((file) => !(file.includes(`${sep}dist${sep}`) && file.endsWith('.d.ts')))
    .map((file) => relative(root, file));
}

/** @returns {boolean} whether every consumer configuration compiled against dist only */
export function compileConsumer(root, packages) {
  const consumerDir = join(root, CONSUMER);
  const tsc = join(consumerDir, 'node_modules', 'typescript', 'bin', 'tsc');
  let ok = true;
  for (const tsconfig of TSCONFIGS) {
    console.log(`\n▶ consumer: tsc -p ${CONSUMER}/${tsconfig}`);
    const listed = runCommand(process.execPath, [tsc, '-p', tsconfig, '--listFilesOnly'], { cwd: consumerDir, capture: true });
    const leaks = sourceLeaks(root, listed.stdout, packages);
    if (leaks.length > 0) {
      console.log(`  resolved workspace sources instead of built declarations:\n    ${leaks.join('\n    ')}`);
      ok = false;
    }
    const compiled = runCommand(process.execPath, [tsc, '-p', tsconfig], { cwd: consumerDir });
    if (compiled.status !== 0) ok = false;
    else if (leaks.length === 0) console.log('  ok');
  }
  return ok;
}

/** Packages whose build output is missing (the consumer and attw need `dist`). */
export function unbuilt(packages) {
  return packages.filter((pkg) => !existsSync(join(pkg.dir, 'dist'))).map((pkg) => pkg.name);
}
