import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeDirectoryPerTest } from '../test-support/store-directory.js';
import { SEAL_KEY_FILE, loadSealKeys } from './seal-keys.js';

const storeDirectory = storeDirectoryPerTest();

describe('loadSealKeys', () => {
  it('creates DIR/seal.key with mode 0600 on first use, and every later process reads the same key', () => {
    const directory = storeDirectory();
    const first = loadSealKeys({ kind: 'files', directory }, {});
    const file = join(directory, SEAL_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.byteLength(readFileSync(file, 'utf8').trim())).toBeGreaterThanOrEqual(32);
    expect(loadSealKeys({ kind: 'files', directory }, {})).toEqual(first);
    expect(first.current.id).toMatch(/^k-[0-9a-f]{16}$/);
  });

  it('takes TOOLCELL_SEAL_KEY over the key file, for files and PostgreSQL alike', () => {
    const secret = 'a'.repeat(32);
    const files = loadSealKeys({ kind: 'files', directory: storeDirectory() }, { TOOLCELL_SEAL_KEY: secret });
    expect(files.current.secret).toBe(secret);
    expect(loadSealKeys({ kind: 'postgres', url: 'postgres://127.0.0.1/x' }, { TOOLCELL_SEAL_KEY: secret })).toEqual(files);
  });

  it('refuses a short secret, a key file others may read, and PostgreSQL without the variable', () => {
    expect(() => loadSealKeys({ kind: 'files', directory: storeDirectory() }, { TOOLCELL_SEAL_KEY: 'short' })).toThrow(
      'TOOLCELL_SEAL_KEY: is 5 bytes; use at least 32 (e.g. openssl rand -base64 32).',
    );
    expect(() => loadSealKeys({ kind: 'postgres', url: 'postgres://127.0.0.1/x' }, {})).toThrow(
      /^TOOLCELL_SEAL_KEY: is not set, and a PostgreSQL store needs it: export the same secret/,
    );
    const directory = storeDirectory();
    loadSealKeys({ kind: 'files', directory }, {});
    const file = join(directory, SEAL_KEY_FILE);
    chmodSync(file, 0o644);
    expect(() => loadSealKeys({ kind: 'files', directory }, {})).toThrow(`${file}: may be read by others (mode 0644); run chmod 600 on it, or set TOOLCELL_SEAL_KEY instead.`);
    writeFileSync(file, 'tiny\n', { mode: 0o600 });
    chmodSync(file, 0o600);
    expect(() => loadSealKeys({ kind: 'files', directory }, {})).toThrow(`${file}: holds 4 bytes; a seal key needs at least 32. Remove it to have a new one created.`);
  });
});
