import { watch } from 'node:fs';
import { access, mkdir, readFile, readdir, rm, truncate, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { JsonValue } from '@toolcell/core';
import type { CellFilter, CellKey, CellRecord, CellSummary, CellWrite, DecisionNotice, DecisionWatch, DurableStore, JournalEntry, JournalState, Lease, RecordDecisionResult, StoredDecision, StoredDecisionInput } from '../durable-store.js';
import { isJournalMove, journalRank } from '../journal-moves.js';
import { StoreError } from '../store-error.js';
import { isCode, linkExclusive, publishExclusive, syncDirectory, writeFlushed } from './atomic-file.js';
import { cellDirectoryName, decodeCell, encodeCell, encodeName, decodeName, highestNumbered, padded, parseCellDirectoryName } from './file-layout.js';

/** Options of {@link FileDurableStore}. */
export interface FileDurableStoreOptions {
  /** The store's directory (created if missing). One machine; not on NFS. */
  readonly directory: string;
  /** The clock, epoch milliseconds (tests pass a fake one). Default `Date.now`. */
  readonly now?: () => number;
}

interface ApprovalIndex {
  readonly key: CellKey;
  readonly expiresAt: number;
}

interface LeaseFile {
  readonly holder: string;
  readonly expiresAt: number;
}

/** Reads of a cell version that found it superseded meanwhile, before giving up. */
const READ_ATTEMPTS = 5;

/**
 * The embedded {@link DurableStore}: one directory, no dependency, safe between processes of
 * one machine. Every record is published whole (written, flushed, then linked into place,
 * so a crash leaves the old record or the new one); leases, decisions, call moves and cell
 * versions are created exclusively, which is the compare-and-set.
 */
export class FileDurableStore implements DurableStore {
  readonly #root: string;
  readonly #now: () => number;
  #ready: Promise<void> | undefined;

  constructor(options: FileDurableStoreOptions) {
    this.#root = options.directory;
    this.#now = options.now ?? Date.now;
  }

  async readCell(key: CellKey): Promise<CellRecord | undefined> {
    return this.#run('read the cell', () => this.#readCellIn(this.#cellDirectory(key)));
  }

  async writeCell(cell: CellWrite, expectedVersion: number): Promise<CellRecord> {
    return this.#run('write the cell', async () => {
      const directory = await this.#ensureCellDirectory(cell.key);
      const names = await readdir(directory);
      const current = highestNumbered(names, 'cell.');
      if (current !== expectedVersion) throw conflict(cell.key, expectedVersion, current);
      const record: CellRecord = { ...cell, version: expectedVersion + 1 };
      // The record (with its snapshot, the large part) is written and flushed while the approvals are published.
      const written = writeFlushed(this.#temp, encodeCell(record));
      // Awaited below; handled now, so a failed write while the approvals are published is not an unhandled rejection.
      void written.catch(() => undefined);
      try {
        // The approvals first: a crash before the cell is published leaves only index entries that expire.
        for (const approval of cell.approvals) {
          const index: ApprovalIndex = { key: cell.key, expiresAt: approval.expiresAt };
          await publishExclusive(this.#temp, join(this.#root, 'approvals', encodeName(approval.approvalId)), json(index));
        }
      } catch (error) {
        await written.then((temp) => unlink(temp)).catch(() => undefined);
        throw error;
      }
      if (!(await linkExclusive(await written, join(directory, `cell.${padded(record.version)}`)))) {
        throw conflict(cell.key, expectedVersion, expectedVersion + 1);
      }
      // Older versions are emptied, not removed: their names stay taken.
      for (const name of names) if (name.startsWith('cell.') && name !== `cell.${padded(record.version)}`) await truncate(join(directory, name), 0);
      return record;
    });
  }

  async listCells(filter: CellFilter): Promise<CellSummary[]> {
    return this.#run('list the cells', async () => {
      const cells: CellSummary[] = [];
      for (const name of await readdir(join(this.#root, 'cells'))) {
        const key = parseCellDirectoryName(name);
        if (key === undefined || (filter.scope !== undefined && key.scope !== filter.scope) || (filter.session !== undefined && key.session !== filter.session)) continue;
        const record = await this.#readCellIn(join(this.#root, 'cells', name));
        if (record === undefined) continue;
        const { snapshot: _snapshot, ...summary } = record;
        cells.push(summary);
      }
      return cells;
    });
  }

  async claimLease(key: CellKey, holder: string, ttlMs: number): Promise<Lease> {
    return this.#run('claim the lease', async () => {
      const directory = await this.#ensureCellDirectory(key);
      const names = await readdir(directory);
      const current = highestNumbered(names, 'lease.');
      if (current > 0 && !names.includes(`lease.${padded(current)}.released`)) {
        const held = await readJson<LeaseFile>(join(directory, `lease.${padded(current)}`));
        if (this.#now() < held.expiresAt) throw leaseHeld(key, held.holder, held.expiresAt);
      }
      const lease: Lease = { key, holder, token: current + 1, expiresAt: this.#now() + ttlMs };
      const file: LeaseFile = { holder, expiresAt: lease.expiresAt };
      if (!(await publishExclusive(this.#temp, join(directory, `lease.${padded(lease.token)}`), json(file)))) {
        throw new StoreError({ code: 'STORE_LEASE_HELD', message: `Another process claimed cell "${key.cell}" at the same moment; it is resuming it.` });
      }
      return lease;
    });
  }

  async releaseLease(lease: Lease): Promise<void> {
    await this.#run('release the lease', async () => {
      await publishExclusive(this.#temp, join(this.#cellDirectory(lease.key), `lease.${padded(lease.token)}.released`), json({ releasedAt: this.#now() }));
    });
  }

  async recordDecision(approvalId: string, decision: StoredDecisionInput): Promise<RecordDecisionResult> {
    return this.#run('record the decision', async () => {
      let index: ApprovalIndex;
      try {
        index = await readJson<ApprovalIndex>(join(this.#root, 'approvals', encodeName(approvalId)));
      } catch (error) {
        if (isCode(error, 'ENOENT')) throw unknownApproval(approvalId);
        throw error;
      }
      const decisionPath = join(this.#root, 'decisions', encodeName(approvalId));
      const earlier = await readOptionalJson<StoredDecision>(decisionPath);
      const { key } = index;
      if (earlier !== undefined) return { recorded: false, decision: earlier, key };
      if (this.#now() >= index.expiresAt) {
        throw new StoreError({ code: 'STORE_EXPIRED', message: `Approval "${approvalId}" expired at ${new Date(index.expiresAt).toISOString()}; its call will not run. Ask for the call again.` });
      }
      const stored: StoredDecision = { approvalId, decision, decidedAt: this.#now() };
      if (await publishExclusive(this.#temp, decisionPath, json(stored))) return { recorded: true, decision: stored, key };
      return { recorded: false, decision: await readJson<StoredDecision>(decisionPath), key };
    });
  }

  async readDecision(approvalId: string): Promise<StoredDecision | undefined> {
    return this.#run('read the decision', () => readOptionalJson<StoredDecision>(join(this.#root, 'decisions', encodeName(approvalId))));
  }

  async moveCall(lease: Lease, callId: string, from: JournalState, to: Exclude<JournalState, 'awaiting'>, outcome?: JsonValue): Promise<void> {
    await this.#run('move the call', async () => {
      if (!isJournalMove(from, to)) {
        throw new StoreError({ code: 'STORE_CONFLICT', message: `A call cannot move from "${from}" to "${to}"; its journal only moves forward.` });
      }
      const directory = this.#cellDirectory(lease.key);
      const names = await readdir(directory);
      this.#checkLease(lease, names);
      const entry = await this.#journalEntry(directory, names, callId);
      const state = entry?.state ?? 'awaiting';
      if (state !== from) {
        throw new StoreError({ code: 'STORE_CONFLICT', message: `Call "${callId}" of cell "${lease.key.cell}" is "${state}", not "${from}": another process moved it.` });
      }
      const written: JournalEntry = outcome === undefined ? { callId, state: to } : { callId, state: to, outcome };
      if (!(await publishExclusive(this.#temp, join(directory, `call.${encodeName(callId)}.${journalRank(to)}`), json(written)))) {
        throw new StoreError({ code: 'STORE_CONFLICT', message: `Call "${callId}" of cell "${lease.key.cell}" was moved past "${from}" by another process.` });
      }
    });
  }

  async readJournal(key: CellKey): Promise<JournalEntry[]> {
    return this.#run('read the journal', async () => {
      const directory = this.#cellDirectory(key);
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if (isCode(error, 'ENOENT')) return [];
        throw error;
      }
      const callIds = new Set(names.filter((name) => name.startsWith('call.')).map((name) => decodeName(name.split('.')[1] ?? '')));
      const entries: JournalEntry[] = [];
      for (const callId of callIds) {
        const entry = await this.#journalEntry(directory, names, callId);
        if (entry !== undefined) entries.push(entry);
      }
      return entries;
    });
  }

  async sweep(): Promise<number> {
    return this.#run('sweep expired records', async () => {
      const now = this.#now();
      let removed = 0;
      for (const name of await readdir(join(this.#root, 'cells'))) {
        const directory = join(this.#root, 'cells', name);
        const record = await this.#readCellIn(directory);
        if (record !== undefined && record.expiresAt > now) continue;
        if (record === undefined && (await readdir(directory)).some((entry) => entry.startsWith('cell.'))) continue;
        await rm(directory, { recursive: true, force: true });
        if (record !== undefined) removed += 1;
      }
      for (const name of await readdir(join(this.#root, 'approvals'))) {
        const index = await readOptionalJson<ApprovalIndex>(join(this.#root, 'approvals', name));
        if (index !== undefined && index.expiresAt > now) continue;
        // The decision first: an approval without its index is unknown, never undecided.
        await rm(join(this.#root, 'decisions', name), { force: true });
        await rm(join(this.#root, 'approvals', name), { force: true });
      }
      return removed;
    });
  }

  /**
   * Watch the decisions folder (`fs.watch`, so processes of this machine only): a decision
   * file that appears is announced once, with its cell. `ended` settles with
   * `STORE_UNAVAILABLE` if the watch fails (the folder removed).
   */
  async watchDecisions(listener: (notice: DecisionNotice) => void): Promise<DecisionWatch> {
    const folder = join(this.#root, 'decisions');
    const watcher = await this.#run('watch decisions', async () => watch(folder));
    const announced = new Set<string>();
    let finish!: (error: StoreError | undefined) => void;
    const ended = new Promise<StoreError | undefined>((resolve) => (finish = resolve));
    watcher.on('error', (error) => {
      watcher.close();
      finish(new StoreError({ code: 'STORE_UNAVAILABLE', message: `The file store at ${this.#root} stopped watching decisions: ${error.message}. Read the pending decisions, then watch again.`, cause: error }));
    });
    // In order, one at a time: a name appears (recorded) or goes (swept); only a new decision is announced.
    let announcing = Promise.resolve();
    watcher.on('change', (_type, filename) => {
      const name = String(filename);
      announcing = announcing
        .then(async () => {
          const present = await access(join(folder, name)).then(() => true, () => false);
          if (!present) return void announced.delete(name);
          const index = await readOptionalJson<ApprovalIndex>(join(this.#root, 'approvals', name));
          if (index === undefined || announced.has(name)) return;
          announced.add(name);
          listener({ approvalId: decodeName(name), key: index.key });
        })
        .catch(() => undefined);
    });
    return {
      ended,
      close: async () => {
        watcher.close();
        finish(undefined);
      },
    };
  }

  get #temp(): string {
    return join(this.#root, 'tmp');
  }

  #cellDirectory(key: CellKey): string {
    return join(this.#root, 'cells', cellDirectoryName(key));
  }

  /** Create the layout once, then run `operation`; a file system failure becomes `STORE_UNAVAILABLE`. */
  async #run<Result>(what: string, operation: () => Promise<Result>): Promise<Result> {
    try {
      this.#ready ??= this.#createLayout();
      await this.#ready;
      return await operation();
    } catch (error) {
      if (StoreError.isInstance(error)) throw error;
      this.#ready = undefined;
      const code = typeof error === 'object' && error !== null ? String((error as { code?: unknown }).code ?? '') : '';
      const hint = code === 'EROFS' || code === 'EACCES' || code === 'EPERM' ? ' (the directory is not writable)' : code === 'ENOSPC' || code === 'EDQUOT' ? ' (the disk is full)' : '';
      throw new StoreError({
        code: 'STORE_UNAVAILABLE',
        message: `The file store at ${this.#root} could not ${what}${hint}: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }
  }

  /** The cell's directory, created if missing; a new one is flushed into `cells/`, so a crash cannot lose a published record with it. */
  async #ensureCellDirectory(key: CellKey): Promise<string> {
    const directory = this.#cellDirectory(key);
    if ((await mkdir(directory, { recursive: true })) !== undefined) await syncDirectory(dirname(directory));
    return directory;
  }

  /** The root (and its parents) if missing, then its folders one by one: a recursive mkdir reports a read-only file system as ENOENT. */
  async #createLayout(): Promise<void> {
    await mkdir(this.#root, { recursive: true });
    for (const part of ['tmp', 'cells', 'approvals', 'decisions']) {
      await mkdir(join(this.#root, part)).catch((error: unknown) => {
        if (!isCode(error, 'EEXIST')) throw error;
      });
    }
  }

  async #readCellIn(directory: string): Promise<CellRecord | undefined> {
    for (let attempt = 0; attempt < READ_ATTEMPTS; attempt += 1) {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch (error) {
        if (isCode(error, 'ENOENT')) return undefined;
        throw error;
      }
      const version = highestNumbered(names, 'cell.');
      if (version === 0) return undefined;
      const path = join(directory, `cell.${padded(version)}`);
      const record = decodeCell(await readFile(path), path);
      if (record !== undefined) return record;
    }
    throw new StoreError({ code: 'STORE_CORRUPT', message: `The newest cell record in ${directory} is empty or cut short; remove the cell's directory.` });
  }

  #checkLease(lease: Lease, names: readonly string[]): void {
    const current = highestNumbered(names, 'lease.');
    const released = names.includes(`lease.${padded(lease.token)}.released`);
    if (current !== lease.token || released || this.#now() >= lease.expiresAt) {
      const why = current !== lease.token ? 'another process claimed it since' : released ? 'it was released' : 'it expired';
      throw new StoreError({ code: 'STORE_LEASE_LOST', message: `The lease on cell "${lease.key.cell}" is no longer held (${why}); nothing was written. Read the cell again.` });
    }
  }

  async #journalEntry(directory: string, names: readonly string[], callId: string): Promise<JournalEntry | undefined> {
    const prefix = `call.${encodeName(callId)}.`;
    const rank = highestNumbered(names, prefix);
    return rank === 0 ? undefined : readJson<JournalEntry>(join(directory, `${prefix}${rank}`));
  }
}

function json(value: unknown): Uint8Array {
  return Buffer.from(JSON.stringify(value), 'utf8');
}

async function readJson<Value>(path: string): Promise<Value> {
  const text = await readFile(path, 'utf8');
  try {
    return JSON.parse(text) as Value;
  } catch (error) {
    throw new StoreError({ code: 'STORE_CORRUPT', message: `The store record ${path} is not JSON; it was changed outside the store.`, cause: error });
  }
}

async function readOptionalJson<Value>(path: string): Promise<Value | undefined> {
  try {
    return await readJson<Value>(path);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

function conflict(key: CellKey, expected: number, current: number): StoreError {
  return new StoreError({
    code: 'STORE_CONFLICT',
    message: `Cell "${key.cell}" is at version ${current}, not ${expected}: another process wrote it meanwhile. Read it again.`,
  });
}

function leaseHeld(key: CellKey, holder: string, expiresAt: number): StoreError {
  return new StoreError({
    code: 'STORE_LEASE_HELD',
    message: `Cell "${key.cell}" is being resumed by ${holder} (its lease runs until ${new Date(expiresAt).toISOString()}); read its state instead of resuming it again.`,
  });
}

function unknownApproval(approvalId: string): StoreError {
  return new StoreError({ code: 'STORE_UNKNOWN_APPROVAL', message: `There is no pending approval "${approvalId}" (a wrong id, or it expired and was swept).` });
}
