import type { JsonValue } from '@toolcell/core';
import { findJsonSafetyViolation } from '@toolcell/core';
import { StoredValueError } from './stored-value-error.js';

const encoder = new TextEncoder();
const byteLength = (text: string): number => encoder.encode(text).length;

interface StoredEntry {
  readonly value: JsonValue;
  readonly bytes: number;
}

function entry(key: string, value: JsonValue): StoredEntry {
  return { value, bytes: byteLength(key) + byteLength(JSON.stringify(value)) };
}

/**
 * The session's stored values and one cell's view of them. A cell starts from a snapshot,
 * reads its own writes at once, and its written keys join the session only on commit —
 * when it completes, with or without a thrown error — never when it yields or is
 * terminated. Other cells never see uncommitted writes. The byte cap is enforced in the
 * guest (the sandbox's `maxStoredBytes`), where `store` is synchronous and can throw.
 */
export class SessionValues {
  private readonly values = new Map<string, StoredEntry>();

  /** A JSON snapshot for a new cell. */
  snapshot(): Record<string, JsonValue> {
    const copy: Record<string, JsonValue> = {};
    // Defined, not assigned: a key like `__proto__` must stay an own key, not set a prototype.
    for (const [key, entry] of this.values) {
      Object.defineProperty(copy, key, { value: structuredClone(entry.value), enumerable: true, writable: true, configurable: true });
    }
    return copy;
  }

  /** Serialized size of the committed values (keys plus JSON). */
  get bytes(): number {
    let total = 0;
    for (const entry of this.values.values()) total += entry.bytes;
    return total;
  }

  /** Start a cell's write set. */
  openCell(): CellValues {
    return new CellValues(this);
  }

  /** Replace the committed values with a durable store's (a session whose values live there). */
  replace(values: Readonly<Record<string, JsonValue>>): void {
    this.values.clear();
    for (const [key, value] of Object.entries(values)) this.values.set(key, entry(key, value));
  }

  /** Merge a completed cell's written keys (last completion wins per key). */
  commit(writes: ReadonlyMap<string, StoredEntry>): void {
    for (const [key, entry] of writes) this.values.set(key, entry);
  }

  /** The committed value of `key` (for hosts and tests). */
  get(key: string): JsonValue | undefined {
    return this.values.get(key)?.value;
  }
}

/** One cell's write set. */
export class CellValues {
  private readonly writes = new Map<string, StoredEntry>();
  private committed = false;

  constructor(private readonly session: SessionValues) {}

  /** Record a write; throws {@link StoredValueError} for a value that is not JSON-safe. */
  write(key: string, value: JsonValue): void {
    const violation = findJsonSafetyViolation(value);
    if (violation) throw new StoredValueError(`store(${JSON.stringify(key)}): the value is not JSON-safe at "${violation.path}": ${violation.reason}.`);
    this.writes.set(key, entry(key, structuredClone(value)));
  }

  /** The writes so far, as JSON (what a suspended durable cell keeps in the store). */
  entries(): Record<string, JsonValue> {
    const copy: Record<string, JsonValue> = {};
    for (const [key, written] of this.writes) Object.defineProperty(copy, key, { value: written.value, enumerable: true, writable: true, configurable: true });
    return copy;
  }

  /** Take back the writes a suspended durable cell kept (before it goes on). */
  restore(writes: Readonly<Record<string, JsonValue>>): void {
    for (const [key, value] of Object.entries(writes)) this.writes.set(key, entry(key, value));
  }

  /** Keys written so far. */
  get writtenKeys(): string[] {
    return [...this.writes.keys()];
  }

  /** Merge into the session (once). */
  commit(): void {
    if (this.committed) return;
    this.committed = true;
    this.session.commit(this.writes);
  }
}
