// Importing the full stack loads neither the tokenizer's tables nor Ajv: a fresh Node
// process imports every runtime package with a loader hook that reports each module it
// loads, runs a short `exec`, and only then asks for a count.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const HOOK = `export async function load(url, context, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); }`;
const REGISTER = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));`;
const PROGRAM = `
const { CodeMode } = await import('@toolcell/codemode');
const { ToolRuntime } = await import('@toolcell/executor');
const { ToolRegistry } = await import('@toolcell/registry');
const { createInProcessTransport } = await import('@toolcell/sandbox');
await import('@toolcell/sandbox/node');
process.stderr.write('MARK imported\\n');
const registry = new ToolRegistry({ mode: 'code_mode_only' });
registry.register({ kind: 'function', name: 'noop', description: 'Nothing.', inputSchema: { type: 'object' }, execute: () => ({ result: null, wire: [] }) });
const runtime = new ToolRuntime({ registry });
const transport = createInProcessTransport();
const codeMode = new CodeMode({ registry, runtime, transport });
codeMode.install();
const short = await runtime.dispatch({ name: 'exec', args: "text('hi'); return 1;", callId: 'c1', scope: registry.root });
if (short.status !== 'ok') throw new Error(short.message);
process.stderr.write('MARK short answer\\n');
const long = await runtime.dispatch({ name: 'exec', args: "return 'word '.repeat(30000);", callId: 'c2', scope: registry.root });
if (long.status !== 'ok') throw new Error(long.message);
process.stderr.write('MARK long answer\\n');
await codeMode.shutdown();
await transport.close();
`;

/** The modules loaded before each mark, in order. */
function phases(stderr: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  let loaded: string[] = [];
  for (const line of stderr.split('\n')) {
    if (line.startsWith('LOADED ')) loaded.push(line.slice('LOADED '.length));
    if (line.startsWith('MARK ')) {
      result.set(line.slice('MARK '.length), loaded);
      loaded = [];
    }
  }
  return result;
}

describe('the cold import of the full stack', () => {
  it('loads neither the tokenizer nor Ajv; a short answer needs neither, a long one loads the tokenizer', async () => {
    const { stderr } = await promisify(execFile)(
      process.execPath,
      ['--conditions=@toolcell/source', '--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, '--input-type=module', '-e', PROGRAM],
      { cwd: import.meta.dirname, timeout: 60_000 },
    );
    const loaded = phases(stderr);
    const tokenizer = (urls: readonly string[] = []) => urls.some((url) => url.includes('/gpt-tokenizer/'));
    const ajv = (urls: readonly string[] = []) => urls.some((url) => url.includes('/ajv/'));
    expect(loaded.get('imported')?.some((url) => url.includes('/codemode/src/'))).toBe(true);
    expect(tokenizer(loaded.get('imported'))).toBe(false);
    expect(ajv(loaded.get('imported'))).toBe(false);
    expect(tokenizer(loaded.get('short answer'))).toBe(false);
    expect(ajv(loaded.get('short answer'))).toBe(false);
    expect(tokenizer(loaded.get('long answer'))).toBe(true);
  });
});
