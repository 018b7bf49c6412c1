// The import rules, exercised through ESLint itself: each case lints one line of source as
// if it were in the named package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { toolcellLint } from './index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function messagesFor(packageName, source, file = 'probe.ts') {
  const packageDir = join(root, 'packages', packageName);
  const eslint = new ESLint({ cwd: packageDir, overrideConfigFile: true, overrideConfig: toolcellLint({ packageDir }) });
  const [result] = await eslint.lintText(source, { filePath: join(packageDir, 'src', file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

test('a package may import the packages below it', async () => {
  assert.deepEqual(await messagesFor('codemode', "import { ToolRuntime } from '@toolcell/executor';\nexport { ToolRuntime };\n"), []);
  assert.deepEqual(await messagesFor('registry', "import { isToolMode } from '@toolcell/core';\nexport { isToolMode };\n"), []);
});

test('imports that point up or sideways in the layer table are refused', async () => {
  const [upward] = await messagesFor('core', "import { ToolRegistry } from '@toolcell/registry';\nexport { ToolRegistry };\n");
  assert.match(upward ?? '', /@toolcell\/core is the bottom layer and imports no workspace package/);
  const [sideways] = await messagesFor('sandbox', "import { ToolRegistry } from '@toolcell/registry';\nexport { ToolRegistry };\n");
  assert.match(sideways ?? '', /@toolcell\/sandbox may import only @toolcell\/core/);
});

test('deep imports into sources are refused', async () => {
  const [message] = await messagesFor('executor', "import { ToolRegistry } from '@toolcell/registry/src/tool-registry.js';\nexport { ToolRegistry };\n");
  assert.match(message ?? '', /Import the package entry, not its sources/);
});

test('declared subpaths are allowed and undeclared ones refused', async () => {
  assert.deepEqual(await messagesFor('codemode', "import { createChildProcessTransport } from '@toolcell/sandbox/node';\nexport { createChildProcessTransport };\n"), []);
  const [message] = await messagesFor('codemode', "import { x } from '@toolcell/sandbox/engine';\nexport { x };\n");
  assert.match(message ?? '', /not declared in the package exports map/);
});

test('subpaths declared by tooling packages are allowed too', async () => {
  assert.deepEqual(await messagesFor('codemode', "import { floorRunner } from '@toolcell/bench-kit/quickjs-floor';\nexport { floorRunner };\n"), []);
  const [message] = await messagesFor('codemode', "import { x } from '@toolcell/bench-kit/undeclared';\nexport { x };\n");
  assert.match(message ?? '', /not declared in the package exports map/);
});

test("a package's tests may also import what TEST_LAYERS adds, its sources may not", async () => {
  const source = "import { CodeMode } from '@toolcell/codemode';\nexport { CodeMode };\n";
  const [message] = await messagesFor('tracing', source);
  assert.match(message ?? '', /@toolcell\/tracing may import only @toolcell\/core, @toolcell\/executor \(/);
  assert.deepEqual(await messagesFor('tracing', source, 'probe.test.ts'), []);
  const [inTests] = await messagesFor('tracing', "import { x } from '@toolcell/providers';\nexport { x };\n", 'probe.test.ts');
  assert.match(inTests ?? '', /may import only .* in tests/);
});
