// Compiling examples for the README (typechecked, never built or shipped). The region
// below is the README's example, verbatim (src/readme.test.ts checks it).
// #region README
import { MODEL_SOURCE } from '@toolcell/core';
import { createDemoTools, MemoryWorkspace } from '@toolcell/demo-tools';

const workspace = new MemoryWorkspace({ 'README.md': '# Demo\nTODO(ana): write the docs\n' });
const tools = createDemoTools({
  workspace,
  contextMeter: { tokensLeft: () => 100_000 },
  ask: async (question) => question.options[0],
});

const readFile = tools.find((tool) => tool.name === 'read_file');
if (readFile?.kind === 'function') {
  const context = { callId: 'call_1', toolName: 'read_file', source: MODEL_SOURCE, scopeId: 'root', signal: new AbortController().signal };
  const output = await readFile.execute({ path: 'README.md' }, context);
  // A program gets { path, content, … }; the model reads "README.md (lines 1-2 of 2)" and numbered lines.
  console.log(output.result, output.wire);
}
// #endregion README
