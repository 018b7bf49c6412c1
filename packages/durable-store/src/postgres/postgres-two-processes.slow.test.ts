// Two processes race for the same 20 cells of one PostgreSQL store: each cell's side effect
// happens exactly once, whoever wins it. Slow: two fresh processes start from sources through tsx.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject, it } from 'vitest';
import { expectEveryEffectOnce } from '../test-support/store-race.js';
import { PostgresDurableStore } from './postgres-durable-store.js';

const URL_OF_SERVER = inject('postgresUrl');

it('two processes racing for 20 cells of one PostgreSQL store: every side effect happens once', { timeout: 120_000 }, async () => {
  const directory = await mkdtemp(join(tmpdir(), 'toolcell-store-race-'));
  const schema = `race_${randomUUID().replaceAll('-', '')}`;
  const store = new PostgresDurableStore({ connectionString: URL_OF_SERVER, schema });
  try {
    await expectEveryEffectOnce(store, directory, ['postgres', URL_OF_SERVER, schema]);
  } finally {
    await store.close();
    const admin = new pg.Client({ connectionString: URL_OF_SERVER });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.end());
    await rm(directory, { recursive: true, force: true });
  }
});
