// Two processes race for the same 20 cells of one PostgreSQL store: each cell's side effect
// happens exactly once, whoever wins it. Slow: two fresh processes start from sources through tsx.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { suspendedCell } from '../test-support/store-contract.js';
import { PostgresDurableStore } from './postgres-durable-store.js';

// tsx is a root devDependency: resolved from the repository root.
const TSX = pathToFileURL(createRequire(fileURLToPath(new URL('../../../../package.json', import.meta.url))).resolve('tsx/esm')).href;
const RACER = fileURLToPath(new URL('../test-support/lease-racer.ts', import.meta.url));
const ROUNDS = 20;
const URL_OF_SERVER = inject('postgresUrl');

function race(directory: string, name: string, schema: string): Promise<{ name: string; won: number }> {
  return new Promise((resolve, reject) => {
    const args = ['--conditions=@toolcell/source', '--import', TSX, RACER, directory, name, String(ROUNDS), 'postgres', URL_OF_SERVER, schema];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout) as { name: string; won: number }) : reject(new Error(`racer ${name} exited ${code}: ${stderr}`))));
  });
}

it('two processes racing for 20 cells of one PostgreSQL store: every side effect happens once', { timeout: 120_000 }, async () => {
  const directory = await mkdtemp(join(tmpdir(), 'toolcell-store-race-'));
  const schema = `race_${randomUUID().replaceAll('-', '')}`;
  const store = new PostgresDurableStore({ connectionString: URL_OF_SERVER, schema });
  try {
    const clock = { now: Date.now() };
    for (let round = 0; round < ROUNDS; round += 1) await store.writeCell(suspendedCell(clock, { scope: 'team-a', session: 'chat-1', cell: `cell-${round}` }, `r${round}`), 0);
    const results = await Promise.all([race(directory, 'process-a', schema), race(directory, 'process-b', schema)]);
    const effects = (await readFile(join(directory, 'effects.log'), 'utf8')).trim().split('\n');
    expect(effects).toHaveLength(ROUNDS);
    expect(new Set(effects.map((line) => line.split(' ')[0])).size).toBe(ROUNDS);
    expect(results.reduce((sum, result) => sum + result.won, 0)).toBe(ROUNDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      expect(await store.readJournal({ scope: 'team-a', session: 'chat-1', cell: `cell-${round}` })).toEqual([{ callId: '1', state: 'done', outcome: { ok: true } }]);
    }
  } finally {
    await store.close();
    const admin = new pg.Client({ connectionString: URL_OF_SERVER });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.end());
    await rm(directory, { recursive: true, force: true });
  }
});
