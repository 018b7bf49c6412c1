import { createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigurationError } from '@toolcell/core';
import type { SealKeys } from '@toolcell/sandbox';
import type { StoreLocation } from '../config/store-location.js';

/** The environment variable that holds the seal secret (at least 32 bytes, the same in every process). */
export const SEAL_KEY_VARIABLE = 'TOOLCELL_SEAL_KEY';

/** The key file of a files store, created on first use when the variable is not set. */
export const SEAL_KEY_FILE = 'seal.key';

const MIN_SECRET_BYTES = 32;

/** Keys named after their secret's digest: a process with another secret is told the snapshot's key is not its own. */
function sealKeys(secret: string): SealKeys {
  return { current: { id: `k-${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`, secret } };
}

/**
 * The keys that seal snapshots of suspended cells: `TOOLCELL_SEAL_KEY` when set; else, for a
 * files store, `DIR/seal.key` — created with mode 0600 (32 random bytes) on first use, and
 * refused when others may read it. A PostgreSQL store needs the variable: every machine that
 * resumes cells must hold the same secret.
 *
 * @throws ConfigurationError for a short secret, a readable key file, or PostgreSQL without the variable.
 */
export function loadSealKeys(location: StoreLocation, environment: NodeJS.ProcessEnv): SealKeys {
  const variable = environment[SEAL_KEY_VARIABLE];
  if (variable !== undefined && variable !== '') {
    if (Buffer.byteLength(variable, 'utf8') < MIN_SECRET_BYTES) {
      throw new ConfigurationError({ setting: SEAL_KEY_VARIABLE, message: `is ${Buffer.byteLength(variable, 'utf8')} bytes; use at least ${MIN_SECRET_BYTES} (e.g. openssl rand -base64 32).` });
    }
    return sealKeys(variable);
  }
  if (location.kind === 'postgres') {
    throw new ConfigurationError({
      setting: SEAL_KEY_VARIABLE,
      message: `is not set, and a PostgreSQL store needs it: export the same secret of at least ${MIN_SECRET_BYTES} bytes on every machine that uses the store (e.g. openssl rand -base64 32).`,
    });
  }
  return sealKeys(keyFileSecret(join(location.directory, SEAL_KEY_FILE)));
}

function keyFileSecret(file: string): string {
  try {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    // Written whole, then linked into place (which fails if the key exists): two processes
    // starting at once agree on one key, and neither reads a half-written one.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(MIN_SECRET_BYTES).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    try {
      linkSync(draft, file);
    } finally {
      unlinkSync(draft);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new ConfigurationError({ setting: '--store', message: `cannot create the seal key ${file} (${(error as Error).message}); pass a writable directory or set ${SEAL_KEY_VARIABLE}.`, cause: error });
    }
  }
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new ConfigurationError({
      setting: file,
      message: `may be read by others (mode ${mode.toString(8).padStart(4, '0')}); run chmod 600 on it, or set ${SEAL_KEY_VARIABLE} instead.`,
    });
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new ConfigurationError({ setting: file, message: `holds ${Buffer.byteLength(secret, 'utf8')} bytes; a seal key needs at least ${MIN_SECRET_BYTES}. Remove it to have a new one created.` });
  }
  return secret;
}
