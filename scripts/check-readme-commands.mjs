#!/usr/bin/env node
// Keep the root README's commands runnable: every command in its fenced `sh` blocks, and
// every inline `npx …` command, must be run by CI. A command counts as run when `.ci/run`
// runs it word for word, when it is `pnpm run <step>` for a step of the root `check` script
// (which `.ci/run` runs), or when this script runs it here and it exits 0. Commands joined
// with `&&` are checked one by one. Runs as the last step of `pnpm run check`.
//
// Why run them: a command can read fine and still not work (in pnpm 12, `pnpm docs` is a
// built-in that opens a package's web page, not the `docs` script).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommand } from './lib/run-command.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpm = `npx -y ${manifest.packageManager}`;

/** The commands of the README: each line of a fenced `sh` block, and inline `npx …` spans. */
function readmeCommands(markdown) {
  const commands = [];
  let fence;
  for (const line of markdown.split('\n')) {
    const marker = /^```(\S*)/.exec(line);
    if (marker) {
      fence = fence === undefined ? marker[1] : undefined;
      continue;
    }
    if (fence === 'sh') {
      const command = line.replace(/#.*$/, '').trim();
      if (command !== '') commands.push(...splitCommands(command));
    } else if (fence === undefined) {
      for (const span of line.matchAll(/`(npx [^`]+)`/g)) commands.push(...splitCommands(span[1]));
    }
  }
  return [...new Set(commands)];
}

function splitCommands(text) {
  return text.split('&&').map((command) => command.trim().replace(/\s+/g, ' ')).filter((command) => command !== '');
}

/** What `.ci/run` runs: its `$PNPM …` lines, spelled out. */
function ciCommands() {
  const script = readFileSync(join(root, '.ci', 'run'), 'utf8');
  return new Set(
    script
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('$PNPM '))
      .map((line) => line.replace(/^\$PNPM/, pnpm).replace(/\s+/g, ' ')),
  );
}

/** `pnpm run <step>` for each step of the root `check` script. */
function checkSteps() {
  return new Set(
    splitCommands(manifest.scripts.check)
      .map((step) => /^pnpm run (\S+)$/.exec(step)?.[1])
      .filter((name) => name !== undefined)
      .map((name) => `${pnpm} run ${name}`),
  );
}

const ci = ciCommands();
const steps = checkSteps();
const failures = [];
for (const command of readmeCommands(readFileSync(join(root, 'README.md'), 'utf8'))) {
  if (ci.has(command)) {
    console.log(`✓ ${command}  (run by .ci/run)`);
    continue;
  }
  if (steps.has(command)) {
    console.log(`✓ ${command}  (a step of pnpm run check)`);
    continue;
  }
  console.log(`▸ ${command}`);
  const { status, stdout, stderr } = runCommand('sh', ['-c', command], { cwd: root, capture: true });
  if (status === 0) {
    console.log(`✓ ${command}  (ran here, exit 0)`);
  } else {
    failures.push(command);
    console.error(`✗ ${command}  exited ${status}\n${stdout}${stderr}`);
  }
}
if (failures.length > 0) {
  console.error(`README commands that fail: ${failures.join('; ')}. Fix the README or the command.`);
  process.exit(1);
}
console.log('README commands checked.');
