// Two processes race for the same 20 cells of one file store: each cell's side effect happens
// exactly once, whoever wins it. Slow: two fresh processes start from sources through tsx.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { expectEveryEffectOnce } from '../test-support/store-race.js';
import { FileDurableStore } from './file-durable-store.js';

it('two processes racing for 20 cells: every side effect happens once', { timeout: 120_000 }, async () => {
  const directory = await mkdtemp(join(tmpdir(), 'toolcell-store-race-'));
  try {
    await expectEveryEffectOnce(new FileDurableStore({ directory }), directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
});
