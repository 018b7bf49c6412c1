// Importing the full stack loads neither the tokenizer's tables, nor Ajv, nor QuickJS, nor
// the TypeScript stripper (only a TypeScript program loads it): a
// fresh Node process imports every runtime package with a loader hook that reports each
// module it loads, runs a short `exec`, and only then asks for a count. From the built
// packages, the way users load them, the stack is one bundle per entry.
import { execFile, execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

// writeSync: the hooks run on a thread of their own, whose process.stderr is forwarded to the
// main thread later; its last lines were lost when the process exited first (on a busy machine).
const HOOK = `import { writeSync } from 'node:fs'; export async function load(url, context, next) { writeSync(2, 'LOADED ' + url + '\\n'); return next(url, context); }`;
const REGISTER = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));`;
// Marks are modules too, reported by the hook in the order it saw them loaded.
const PROGRAM = `
const mark = (name) => import('data:text/javascript,' + encodeURIComponent('// MARK ' + name));
const { CodeMode } = await import('@toolcell/codemode');
const { ToolRuntime } = await import('@toolcell/executor');
const { jsonOutput } = await import('@toolcell/core');
const { ToolRegistry } = await import('@toolcell/registry');
const { createInProcessTransport } = await import('@toolcell/sandbox');
await import('@toolcell/sandbox/node');
await mark('imported');
const registry = new ToolRegistry({ mode: 'code_mode_only' });
registry.register({ kind: 'function', name: 'noop', description: 'Nothing.', inputSchema: { type: 'object' }, execute: () => ({ result: null, wire: [] }) });
registry.register({ kind: 'function', name: 'count', description: 'Counts.', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }, readOnly: true, execute: ({ n }) => jsonOutput(n + 1) });
const runtime = new ToolRuntime({ registry });
const transport = createInProcessTransport();
const codeMode = new CodeMode({ registry, runtime, transport });
codeMode.install();
const short = await runtime.dispatch({ name: 'exec', args: "text('hi'); return 1;", callId: 'c1', scope: registry.root });
if (short.status !== 'ok') throw new Error(short.message);
await mark('short answer');
const long = await runtime.dispatch({ name: 'exec', args: "return 'word '.repeat(30000);", callId: 'c2', scope: registry.root });
if (long.status !== 'ok') throw new Error(long.message);
await mark('long answer');
const typed = await runtime.dispatch({ name: 'exec', args: "const n: number = 1; return n;", callId: 'c3', scope: registry.root });
if (typed.status !== 'ok') throw new Error(typed.message);
await mark('typed answer');
const called = await runtime.dispatch({ name: 'exec', args: "return await tools.count({ n: 1 });", callId: 'c4', scope: registry.root });
if (called.status !== 'ok') throw new Error(called.message);
await mark('called answer');
await codeMode.shutdown();
await transport.close();
`;

const MARK_URL = 'data:text/javascript,';

/** The modules loaded before each mark, in order. */
function phases(stderr: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  let loaded: string[] = [];
  for (const line of stderr.split('\n')) {
    if (!line.startsWith('LOADED ')) continue;
    const url = line.slice('LOADED '.length);
    const mark = url.startsWith(MARK_URL) ? decodeURIComponent(url.slice(MARK_URL.length)) : '';
    if (mark.startsWith('// MARK ')) {
      result.set(mark.slice('// MARK '.length), loaded);
      loaded = [];
    } else {
      loaded.push(url);
    }
  }
  return result;
}

/** The modules loaded before each mark when PROGRAM runs with `nodeArguments`. */
async function loadedModules(nodeArguments: readonly string[]): Promise<Map<string, string[]>> {
  const { stderr } = await promisify(execFile)(
    process.execPath,
    [...nodeArguments, '--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, '--input-type=module', '-e', PROGRAM],
    { cwd: import.meta.dirname, timeout: 60_000 },
  );
  return phases(stderr);
}

const loads = (part: string) => (urls: readonly string[] = []) => urls.some((url) => url.includes(part));
const tokenizer = loads('/gpt-tokenizer/');
// Ajv from its package (the sources), or the executor's bundle of it (the built packages).
const ajv = (urls: readonly string[] = []) => loads('/ajv/')(urls) || loads('/bundle/lazy/ajv')(urls);
// QuickJS's loader from its package (the sources), or Emscripten's glue, which the sandbox's bundles import (they inline the loader).
const quickjs = (urls: readonly string[] = []) => loads('/quickjs-emscripten-core/')(urls) || loads('/quickjs-wasmfile-release-sync/')(urls);
const amaro = loads('/amaro/');

describe('the cold import of the full stack', () => {
  it('loads neither the tokenizer, nor Ajv, nor QuickJS, nor the stripper; a short answer needs none, a long one loads the tokenizer, a TypeScript one the stripper', async () => {
    const loaded = await loadedModules(['--conditions=@toolcell/source', '--import', 'tsx']);
    expect(loaded.get('imported')?.some((url) => url.includes('/codemode/src/'))).toBe(true);
    expect(tokenizer(loaded.get('imported'))).toBe(false);
    expect(ajv(loaded.get('imported'))).toBe(false);
    // The transport's prewarm loads it, after the import.
    expect(quickjs(loaded.get('imported'))).toBe(false);
    expect(quickjs(loaded.get('short answer'))).toBe(true);
    expect(tokenizer(loaded.get('short answer'))).toBe(false);
    expect(ajv(loaded.get('short answer'))).toBe(false);
    expect(tokenizer(loaded.get('long answer'))).toBe(true);
    // The TypeScript stripper: never for JavaScript programs, on the first TypeScript one.
    expect(amaro(loaded.get('imported')) || amaro(loaded.get('short answer')) || amaro(loaded.get('long answer'))).toBe(false);
    expect(amaro(loaded.get('typed answer'))).toBe(true);
  });

  describe('from the built packages', () => {
    const packageDir = resolve(import.meta.dirname, '..');
    beforeAll(() => {
      execFileSync(process.execPath, [join(packageDir, '../../scripts/bundle-package.mjs'), '--build', packageDir], { stdio: 'pipe', timeout: 300_000 });
    }, 300_000);

    it('loads one bundle per entry, and still neither the tokenizer, nor Ajv, nor QuickJS', async () => {
      const loaded = await loadedModules([]);
      const imported = loaded.get('imported') ?? [];
      const ours = imported
        .filter((url) => url.includes('/packages/'))
        .map((url) => url.replace(/^.*\/packages\//, '').replace(/chunk-\w+\.js$/, 'chunk.js'));
      // Each entry imported (and the packages they import) is one module: never tsc's separate
      // modules (~120 of them). The sandbox's two entries share one chunk since its Node entry
      // seals durable snapshots with modules that keep state (each costs 1-2 ms); no other
      // package shares any, and the durable store loads only when a host lists approvals.
      expect(ours.sort()).toEqual([
        'codemode/dist/bundle/index.js',
        'core/dist/bundle/index.js',
        'executor/dist/bundle/index.js',
        'registry/dist/bundle/index.js',
        'sandbox/dist/bundle/chunk.js',
        'sandbox/dist/bundle/index.js',
        'sandbox/dist/bundle/node.js',
        'sdkgen/dist/bundle/index.js',
      ]);
      expect(tokenizer(imported) || ajv(imported) || quickjs(imported) || amaro(imported)).toBe(false);
      // Inlined: no CommonJS to parse at import.
      expect(loads('/eventemitter3/')(imported)).toBe(false);
      expect(tokenizer(loaded.get('short answer'))).toBe(false);
      expect(tokenizer(loaded.get('long answer'))).toBe(true);
      expect(quickjs(loaded.get('short answer'))).toBe(true);
      // A first call that validates its input loads Ajv as the executor's bundle of it, never its CommonJS tree.
      expect(ajv(loaded.get('typed answer'))).toBe(false);
      expect(loads('/bundle/lazy/ajv')(loaded.get('called answer'))).toBe(true);
      expect([...loaded.values()].flat().filter((url) => url.includes('/node_modules/') && url.includes('/ajv'))).toEqual([]);
    });
  });
});
