import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { reachedBareImports } from '@toolcell/vitest-config/reached-imports';
import { beforeAll, describe, expect, it } from 'vitest';

// The package as published: build it (tsc, then the bundles `exports` points at), then prove
// the root entry imports no Node built-in (statically, and at run time under a resolve hook)
// and that both entries, and the child's and the worker's bundled entries, work from dist
// with plain Node (no tsx, no source condition). Slow: it runs tsc.

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageDir, 'dist');
const bundles = join(dist, 'bundle');
const builtins = new Set(builtinModules);
// QuickJS's loader and variant are inlined (scripts/bundle-package.mjs); Emscripten's glue stays an import.
const RUNTIME_NEUTRAL_DEPENDENCIES = new Set(['@toolcell/core', '@jitl/quickjs-wasmfile-release-sync/emscripten-module']);

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtins.has(specifier) || builtins.has(specifier.split('/')[0] ?? '');
}

function node(script: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: packageDir, encoding: 'utf8', timeout: 120_000 });
}

describe('the built package (slow)', () => {
  beforeAll(() => {
    // tsc, then the bundles, of this package and the ones it references (core).
    execFileSync(process.execPath, [join(packageDir, '../../scripts/bundle-package.mjs'), '--build'], { cwd: packageDir, stdio: 'pipe', timeout: 300_000 });
  }, 300_000);

  it('root entry: imports no Node built-in, only runtime-neutral dependencies', () => {
    const imports = reachedBareImports(join(bundles, 'index.js'));
    expect([...imports].filter(isBuiltin)).toEqual([]);
    expect([...imports].filter((specifier) => !RUNTIME_NEUTRAL_DEPENDENCIES.has(specifier))).toEqual([]);
    // A first instance loads no package of QuickJS's but the glue: the rest is in the bundles, licenses beside them.
    for (const entry of ['index.js', 'node.js', 'child/child-entry.js', 'worker/worker-entry.js']) {
      expect([...reachedBareImports(join(bundles, entry))].filter((specifier) => /quickjs/.test(specifier))).toEqual(['@jitl/quickjs-wasmfile-release-sync/emscripten-module']);
    }
    expect(['quickjs-emscripten-core', '@jitl+quickjs-ffi-types', '@jitl+quickjs-wasmfile-release-sync'].filter((name) => !existsSync(join(bundles, `LICENSE.${name}.txt`)))).toEqual([]);
    // The check can fail: the Node entry's graph does reach built-ins.
    expect([...reachedBareImports(join(bundles, 'node.js'))].filter(isBuiltin)).toContain('node:child_process');
  });

  it('root entry: runs a program in process while a hook refuses built-ins imported from its files', () => {
    const hook = `export async function resolve(specifier, context, next) {
      if (context.parentURL?.startsWith(${JSON.stringify(pathToFileURL(bundles).href)}) && (specifier.startsWith('node:') || ${JSON.stringify([...builtins])}.includes(specifier))) {
        throw new Error('the root entry imported ' + specifier);
      }
      return next(specifier, context);
    }`;
    const output = node(`
      import { register } from 'node:module';
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));
      const { createInProcessTransport } = await import(${JSON.stringify(pathToFileURL(join(bundles, 'index.js')).href)});
      const transport = createInProcessTransport();
      const result = await transport.run({
        source: 'text("hi"); return (await tools.add({ a: 2, b: 3 })).sum',
        bindings: [{ jsName: 'add', canonicalName: 'add', description: 'Add.', kind: 'function' }],
        onToolBatch: (calls) => calls.map((call) => Promise.resolve({ ok: true, value: { sum: call.input.a + call.input.b } })),
      });
      await transport.close();
      console.log(JSON.stringify({ status: result.status, returnValue: result.returnValue, output: result.output }));
    `);
    expect(JSON.parse(output)).toEqual({ status: 'completed', returnValue: 5, output: [{ type: 'text', text: 'hi' }] });
  });

  it('root entry: restores the shipped realm it was built with, saying nothing', () => {
    // The image is read from its file as a Node Buffer; a restored realm that did not match
    // it (issue 36: a digest that sliced the Buffer) fell back to preparing, with a warning.
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', `
      const { createInProcessTransport } = await import(${JSON.stringify(pathToFileURL(join(bundles, 'index.js')).href)});
      const transport = createInProcessTransport();
      const result = await transport.run({ source: 'return 1 + 1', bindings: [], onToolBatch: () => [] });
      await transport.close();
      // What the first program loaded of Node's: the image's check uses node:zlib's CRC-32, not node:crypto.
      const loaded = process.moduleLoadList.filter((name) => /^NativeModule (crypto|zlib)$/.test(name));
      console.log(JSON.stringify({ value: result.returnValue, loaded }));
    `], { cwd: packageDir, encoding: 'utf8', timeout: 120_000 });
    expect(existsSync(join(dist, 'prepared-realm.bin'))).toBe(true);
    expect(JSON.parse(run.stdout.trim())).toEqual({ value: 2, loaded: ['NativeModule zlib'] });
    expect(run.stderr).not.toContain('TOOLCELL_SHIPPED_REALM');
  });

  it('node entry: runs a program in a child started with plain Node from dist', () => {
    const output = node(`
      const { createChildProcessTransport } = await import(${JSON.stringify(pathToFileURL(join(bundles, 'node.js')).href)});
      const transport = createChildProcessTransport({ pool: { size: 1 } });
      const result = await transport.run({ source: 'return typeof process', bindings: [], onToolBatch: () => [] });
      await transport.close();
      console.log(JSON.stringify(result.status === 'completed' ? result.returnValue : result.error));
    `);
    expect(JSON.parse(output)).toBe('undefined');
    // The bundled code finds the child's entry by URL beside itself.
    expect(readFileSync(join(dist, 'node', 'child-command.js'), 'utf8')).toContain("'./child/child-entry.js'");
    expect(existsSync(join(bundles, 'child', 'child-entry.js'))).toBe(true);
  });

  it('node entry: runs a program with a nested call in a worker loaded from dist', () => {
    const output = node(`
      const { createWorkerTransport } = await import(${JSON.stringify(pathToFileURL(join(bundles, 'node.js')).href)});
      const transport = createWorkerTransport({ pool: { size: 1 } });
      const result = await transport.run({
        source: 'return [typeof process, (await tools.echo({ n: 2 })).n]',
        bindings: [{ jsName: 'echo', canonicalName: 'echo', description: 'Echo.', kind: 'function' }],
        onToolBatch: (calls) => calls.map((call) => Promise.resolve({ ok: true, value: call.input })),
      });
      await transport.close();
      console.log(JSON.stringify(result.status === 'completed' ? result.returnValue : result.error));
    `);
    expect(JSON.parse(output)).toEqual(['undefined', 2]);
    expect(readFileSync(join(dist, 'node', 'worker-command.js'), 'utf8')).toContain("'./worker/worker-entry.js'");
    expect(existsSync(join(bundles, 'worker', 'worker-entry.js'))).toBe(true);
  });
});
