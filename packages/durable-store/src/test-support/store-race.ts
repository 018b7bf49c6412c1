// Two racer processes (lease-racer.ts) over the same 20 cells of one store: each cell's side
// effect must happen exactly once, whoever wins it. Shared by each backend's race test.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import type { DurableStore } from '../durable-store.js';
import { suspendedCell } from './store-contract.js';

// tsx is a root devDependency: resolved from the repository root.
const TSX = pathToFileURL(createRequire(fileURLToPath(new URL('../../../../package.json', import.meta.url))).resolve('tsx/esm')).href;
const RACER = fileURLToPath(new URL('./lease-racer.ts', import.meta.url));
const ROUNDS = 20;

function race(directory: string, name: string, backendArgs: readonly string[]): Promise<{ name: string; won: number }> {
  return new Promise((resolve, reject) => {
    const args = ['--conditions=@toolcell/source', '--import', TSX, RACER, directory, name, String(ROUNDS), ...backendArgs];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout) as { name: string; won: number }) : reject(new Error(`racer ${name} exited ${code}: ${stderr}`))));
  });
}

/**
 * Seed `store` with 20 suspended cells, race two processes for them (they log each side effect
 * in `directory`; `backendArgs` tell the racer which store to open) and check every effect
 * happened once and every journal ended `done`.
 */
export async function expectEveryEffectOnce(store: DurableStore, directory: string, backendArgs: readonly string[] = []): Promise<void> {
  const clock = { now: Date.now() };
  for (let round = 0; round < ROUNDS; round += 1) await store.writeCell(suspendedCell(clock, { scope: 'team-a', session: 'chat-1', cell: `cell-${round}` }, `r${round}`), 0);
  const results = await Promise.all([race(directory, 'process-a', backendArgs), race(directory, 'process-b', backendArgs)]);
  const effects = (await readFile(join(directory, 'effects.log'), 'utf8')).trim().split('\n');
  expect(effects).toHaveLength(ROUNDS);
  expect(new Set(effects.map((line) => line.split(' ')[0])).size).toBe(ROUNDS);
  expect(results.reduce((sum, result) => sum + result.won, 0)).toBe(ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    expect(await store.readJournal({ scope: 'team-a', session: 'chat-1', cell: `cell-${round}` })).toEqual([{ callId: '1', state: 'done', outcome: { ok: true } }]);
  }
}
