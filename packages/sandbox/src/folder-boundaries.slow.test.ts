import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The folders say what runs where only while nothing imports across them the wrong way: the
// package's lint rules (eslint.config.js) refuse it. Each case lints a probe file placed in a
// folder, with the package's own config, and expects the rule to fire (or not). Slow: it
// loads ESLint and typescript-eslint.

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: packageDir });

/** The boundary rules that fire on `source` as if it were the file `path` (relative to src/). */
async function boundaryRulesFor(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(packageDir, 'src', path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message).filter((rule) => rule.startsWith('import-x/no-'));
}

describe('the sandbox folder boundaries (slow)', () => {
  it.each([
    ['guest/ imports node/', 'guest/probe.ts', "export { SandboxPool } from '../node/sandbox-pool.js';", 'import-x/no-restricted-paths'],
    ['guest/ imports host/', 'guest/probe.ts', "export { dispatchToolBatch } from '../host/tool-dispatch.js';", 'import-x/no-restricted-paths'],
    ['guest/ imports a Node built-in', 'guest/probe.ts', "export { readFileSync } from 'node:fs';", 'import-x/no-nodejs-modules'],
    ['host/ imports node/', 'host/probe.ts', "export { runOnChild } from '../node/child-run.js';", 'import-x/no-restricted-paths'],
    ['shared/ imports guest/', 'shared/probe.ts', "export { GuestRealm } from '../guest/guest-realm.js';", 'import-x/no-restricted-paths'],
    ['contract/ imports shared/', 'contract/probe.ts', "export { programErrors } from '../shared/program-errors.js';", 'import-x/no-restricted-paths'],
    ['the Node parent imports guest/', 'node/probe.ts', "export { SandboxEngine } from '../guest/sandbox-engine.js';", 'import-x/no-restricted-paths'],
    ['the Node parent imports the guest server', 'node/probe.ts', "export { createGuestServer } from './guest-side/guest-server.js';", 'import-x/no-restricted-paths'],
    ["the Node parent imports the child's side", 'node/probe.ts', "export { StdinPoller } from './child/stdin-poller.js';", 'import-x/no-restricted-paths'],
    ["the Node parent imports the worker's side", 'node/probe.ts', "export { AnswerWait } from './worker/answer-wait.js';", 'import-x/no-restricted-paths'],
  ])('refuses: %s', async (_case, path, source, rule) => {
    expect(await boundaryRulesFor(path, source)).toEqual([rule]);
  });

  it.each([
    ['host/ runs the guest in process', 'host/probe.ts', "export { SandboxEngine } from '../guest/sandbox-engine.js';"],
    ['guest/ uses shared/ and contract/', 'guest/probe.ts', "export { programErrors } from '../shared/program-errors.js';\nexport type { SandboxLimits } from '../contract/sandbox-limits.js';"],
    ['node/ uses host/ and shared/', 'node/probe.ts', "export { runPreamble } from '../host/run-preamble.js';\nexport { turnDataLimit } from '../shared/turn-data-limit.js';"],
    ['the guest server runs the guest', 'node/guest-side/probe.ts', "export { SandboxEngine } from '../../guest/sandbox-engine.js';"],
    ["the worker's entry loads QuickJS", 'node/worker/probe.ts', "export { quickJsBuildLoader } from '../../guest/quickjs-build.js';"],
    ["the child's side uses the guest server", 'node/child/probe.ts', "export { createGuestServer } from '../guest-side/guest-server.js';"],
  ])('allows: %s', async (_case, path, source) => {
    expect(await boundaryRulesFor(path, source)).toEqual([]);
  });
});
