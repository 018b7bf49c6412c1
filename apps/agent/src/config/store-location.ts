import { isAbsolute, resolve } from 'node:path';
import { ConfigurationError } from '@toolcell/core';

/**
 * Where durable cells wait for decisions: a directory on this machine (the files store), or
 * a PostgreSQL server (teams with more than one machine).
 */
export type StoreLocation = { readonly kind: 'files'; readonly directory: string } | { readonly kind: 'postgres'; readonly url: string };

/**
 * Read a store setting: a `postgres://` (or `postgresql://`) URL, or a directory resolved
 * against `base` (the current directory for `--store`, the file's directory for `store`).
 *
 * @throws ConfigurationError for an empty value or a PostgreSQL URL that does not parse.
 */
export function parseStoreLocation(value: string, base: string, setting: string): StoreLocation {
  if (value.trim() === '') throw new ConfigurationError({ setting, message: 'must not be empty; pass a directory or a postgres:// URL.' });
  if (/^postgres(ql)?:/i.test(value)) {
    if (!URL.canParse(value)) {
      throw new ConfigurationError({ setting, message: 'is not a PostgreSQL URL; use e.g. postgres://user:password@127.0.0.1:5432/toolcell.' });
    }
    return { kind: 'postgres', url: value };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new ConfigurationError({ setting, message: `${JSON.stringify(value.replace(/\/\/[^@/]*@/, '//…@'))} is no store; pass a directory or a postgres:// URL.` });
  }
  return { kind: 'files', directory: isAbsolute(value) ? value : resolve(base, value) };
}

/** A store location as people read it (a URL without its password). */
export function describeStoreLocation(location: StoreLocation): string {
  if (location.kind === 'files') return location.directory;
  const url = new URL(location.url);
  if (url.password !== '') url.password = '***';
  return url.toString();
}

