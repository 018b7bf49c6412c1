import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:demo-replay';
const RESOLVED_ID = `\0${MODULE_ID}`;
const SCRIPT = fileURLToPath(new URL('./scripts/record-demo.ts', import.meta.url));

/**
 * `virtual:demo-replay`: the reference app's demo, run once per build by its own runner in
 * Node (scripts/record-demo.ts, through tsx with the workspace's source condition), as
 * JSON the page replays. The browser never runs the app's code.
 */
export function demoReplay(): Plugin {
  return {
    name: 'toolcell-demo-replay',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const directory = mkdtempSync(join(tmpdir(), 'toolcell-demo-replay-'));
      try {
        const out = join(directory, 'replay.json');
        const tsx = createRequire(import.meta.url).resolve('tsx/cli');
        execFileSync(process.execPath, [tsx, '--conditions=@toolcell/source', SCRIPT, out], { stdio: ['ignore', 'ignore', 'inherit'] });
        return `export default ${readFileSync(out, 'utf8')};`;
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
