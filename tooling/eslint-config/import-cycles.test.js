// The import-cycle rule, exercised through ESLint on real files (the rule follows imports
// on disk): a throwaway package whose modules import each other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { toolcellLint } from './index.js';

/** Lint `entry` in a package made of `files`; the messages of the cycle rule. */
async function cycleMessagesFor(files, entry) {
  const packageDir = mkdtempSync(join(tmpdir(), 'toolcell-cycle-'));
  try {
    for (const [name, source] of Object.entries(files)) writeFileSync(join(packageDir, name), source);
    const eslint = new ESLint({ cwd: packageDir, overrideConfigFile: true, overrideConfig: toolcellLint({ packageDir }) });
    const [result] = await eslint.lintFiles([join(packageDir, entry)]);
    return result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').map((message) => message.message);
  } finally {
    rmSync(packageDir, { recursive: true, force: true });
  }
}

const ENGINE = "import { runPipeline } from './pipeline.js';\nexport const engine = { run: runPipeline };\n";

const CASES = [
  {
    title: 'a module that imports a module importing it back is refused',
    files: { 'engine.ts': ENGINE, 'pipeline.ts': "import { engine } from './engine.js';\nexport function runPipeline(): unknown {\n  return engine;\n}\n" },
    entry: 'engine.ts',
    messages: ['Dependency cycle detected'],
  },
  {
    title: 'a longer cycle through a third module is refused too',
    files: {
      'a.ts': "import { b } from './b.js';\nexport const a = (): unknown => b;\n",
      'b.ts': "import { c } from './c.js';\nexport const b = (): unknown => c;\n",
      'c.ts': "import { a } from './a.js';\nexport const c = (): unknown => a;\n",
    },
    entry: 'a.ts',
    messages: ['Dependency cycle via "./c.js:1"'],
  },
  {
    title: 'imports that go one way only pass',
    files: { 'engine.ts': ENGINE, 'pipeline.ts': 'export function runPipeline(): number {\n  return 1;\n}\n' },
    entry: 'engine.ts',
    messages: [],
  },
];

for (const { title, files, entry, messages } of CASES) {
  test(title, async () => {
    assert.deepEqual(await cycleMessagesFor(files, entry), messages);
  });
}
