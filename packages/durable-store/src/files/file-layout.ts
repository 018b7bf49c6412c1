import type { CellKey, CellRecord } from '../durable-store.js';
import { StoreError } from '../store-error.js';

// One directory per store:
//   tmp/                                  files being written, linked into place when complete
//   cells/<scope>.<session>.<cell>/       one directory per cell, each name part encoded
//     cell.<version>                      a version of the cell; superseded ones are emptied
//                                         (never removed: the name stays taken, so a stale
//                                         writer's link fails instead of reviving it)
//     lease.<token>, lease.<token>.released
//     call.<callId>.<rank>                the journal: the furthest rank of a call is its state
//   approvals/<approvalId>                which cell an approval belongs to, and its expiry
//   decisions/<approvalId>                the first decision (created exclusively)

const NUMBER_WIDTH = 10;

/** A name part that is safe in a file name and never contains the separator `.`. */
export function encodeName(value: string): string {
  return `k${Buffer.from(value, 'utf8').toString('base64url')}`;
}

/** The inverse of {@link encodeName}. */
export function decodeName(name: string): string {
  return Buffer.from(name.slice(1), 'base64url').toString('utf8');
}

/** The directory name of a cell. */
export function cellDirectoryName(key: CellKey): string {
  return [key.scope, key.session, key.cell].map(encodeName).join('.');
}

/** The key of a cell directory name, or `undefined` for another name. */
export function parseCellDirectoryName(name: string): CellKey | undefined {
  const parts = name.split('.');
  if (parts.length !== 3 || !parts.every((part) => part.startsWith('k'))) return undefined;
  const [scope, session, cell] = parts.map(decodeName) as [string, string, string];
  return { scope, session, cell };
}

/** A zero-padded number, so names sort by value. */
export function padded(value: number): string {
  return String(value).padStart(NUMBER_WIDTH, '0');
}

/** The highest number among names `<prefix><number>` (0 if none). */
export function highestNumbered(names: readonly string[], prefix: string): number {
  let highest = 0;
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length);
    if (!/^\d+$/.test(rest)) continue;
    highest = Math.max(highest, Number(rest));
  }
  return highest;
}

/** A cell version file: a 4-byte header length, the header (JSON), the snapshot bytes. */
export function encodeCell(record: CellRecord): Uint8Array {
  const { snapshot, ...header } = record;
  const json = Buffer.from(JSON.stringify({ ...header, snapshotLength: snapshot === undefined ? -1 : snapshot.byteLength }), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.byteLength);
  return Buffer.concat([length, json, snapshot ?? new Uint8Array(0)]);
}

/** Read a cell version file; `undefined` when it is empty or cut short (superseded meanwhile). */
export function decodeCell(bytes: Buffer, path: string): CellRecord | undefined {
  if (bytes.byteLength < 4) return undefined;
  const headerLength = bytes.readUInt32BE(0);
  if (bytes.byteLength < 4 + headerLength) return undefined;
  let header: Omit<CellRecord, 'snapshot'> & { snapshotLength: number };
  try {
    header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as typeof header;
  } catch (error) {
    throw new StoreError({ code: 'STORE_CORRUPT', message: `The cell record ${path} is not readable (its header is not JSON); remove the cell's directory.`, cause: error });
  }
  const { snapshotLength, ...record } = header;
  const bodyLength = bytes.byteLength - 4 - headerLength;
  if (bodyLength !== Math.max(0, snapshotLength)) return undefined;
  const snapshot = snapshotLength < 0 ? undefined : new Uint8Array(bytes.subarray(4 + headerLength));
  return { ...record, snapshot };
}
