// The README check from the adopter's side: install the packed tarballs with npm into a
// fresh project outside the workspace (scripts/adopter-project), then compile every README
// example there with TypeScript (nodenext, strict, skipLibCheck off), run each one that
// says what it prints and compare, and require() every entry point from CommonJS.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outputMatches, readmeExamples } from './readme-blocks.mjs';
import { runCommand } from './run-command.mjs';

const EXAMPLE_TIMEOUT_MS = 60_000;

/**
 * @param {{ root: string, packages: { name: string, entryPoints: string[] }[], tarballs: Map<string, string> }} input
 * @returns {string[]} failures (empty when every example compiled and printed what its README says)
 */
export function checkReadmeExamples({ root, packages, tarballs }) {
  const project = mkdtempSync(join(tmpdir(), 'toolcell-adopter-'));
  const failures = [];
  try {
    cpSync(join(root, 'scripts', 'adopter-project'), project, { recursive: true });
    console.log(`\n▶ README examples in ${project}`);
    // No --legacy-peer-deps: an adopter's plain `npm install` must resolve the peers as given.
    const npmArgs = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
    const install = runCommand('npm', [...npmArgs, ...tarballs.values()], { cwd: project, capture: true });
    if (install.status !== 0) return [`npm install of the tarballs failed:\n${install.stdout}${install.stderr}`];

    const programs = [];
    for (const pkg of packages) {
      const short = pkg.name.split('/')[1];
      // The README as published: read from the installed package, not from the workspace.
      const readme = readFileSync(join(project, 'node_modules', ...pkg.name.split('/'), 'README.md'), 'utf8');
      for (const [index, example] of readmeExamples(readme).entries()) {
        const base = `${short}-${index + 1}`;
        const where = `${pkg.name} README.md:${example.line}`;
        if (example.language === 'ts') {
          mkdirSync(join(project, 'src'), { recursive: true });
          writeFileSync(join(project, 'src', `${base}.ts`), example.code);
          programs.push({ where, file: join('dist', `${base}.js`), prints: example.prints });
        } else {
          mkdirSync(join(project, 'cjs'), { recursive: true });
          writeFileSync(join(project, 'cjs', `${base}.cjs`), example.code);
          programs.push({ where, file: join('cjs', `${base}.cjs`), prints: example.prints });
        }
      }
    }
    writeFileSync(join(project, 'cjs', 'require-every-entry.cjs'), requireEveryEntry(packages));

    const tsc = runCommand(join(project, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], { cwd: project, capture: true });
    console.log(`  tsc (nodenext, strict, skipLibCheck false): ${tsc.status === 0 ? 'ok' : 'failed'}`);
    if (tsc.status !== 0) failures.push(`README examples do not compile:\n${tsc.stdout}${tsc.stderr}`);

    const required = runCommand('node', [join('cjs', 'require-every-entry.cjs')], { cwd: project, capture: true });
    console.log(`  require() of every entry point from CommonJS: ${required.status === 0 ? 'ok' : 'failed'}`);
    if (required.status !== 0) failures.push(`require() from CommonJS failed:\n${required.stdout}${required.stderr}`);

    for (const program of programs) {
      if (program.prints === undefined) continue;
      if (tsc.status !== 0 && program.file.startsWith('dist')) continue;
      const run = runCommand('node', [program.file], { cwd: project, capture: true, timeout: EXAMPLE_TIMEOUT_MS });
      const ok = run.status === 0 && outputMatches(program.prints, run.stdout);
      console.log(`  ${program.where}: ${ok ? 'prints what it says' : 'FAILED'}`);
      if (!ok) failures.push(`${program.where} (exit ${run.status}) printed:\n${run.stdout}${run.stderr}\ninstead of:\n${program.prints}`);
    }
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
  return failures;
}

/** A CommonJS program that requires every entry point and fails on an empty namespace. */
function requireEveryEntry(packages) {
  const specifiers = packages.flatMap((pkg) => pkg.entryPoints);
  return `'use strict';
// Written by scripts/lib/readme-examples.mjs: every entry point, loaded through require(esm).
for (const specifier of ${JSON.stringify(specifiers)}) {
  const namespace = require(specifier);
  if (Object.keys(namespace).length === 0) throw new Error(specifier + ' has no exports under require()');
}
`;
}
