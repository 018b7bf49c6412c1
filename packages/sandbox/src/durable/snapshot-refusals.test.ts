import { ToolcellError } from '@toolcell/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInProcessTransport } from '../host/in-process-transport.js';
import type { DurableRunOptions, ParkedCallAnswer } from '../index.js';
import { SnapshotError } from '../index.js';
import { DURABLE_BINDINGS, TEST_KEYS, durableFor, parkAllButMul } from '../test-support/durable-fixtures.js';
import { buildFingerprint } from './build-fingerprint.js';
import { sealPrimitives } from './node-primitives.js';
import { gzipSync } from 'node:zlib';
import { openSnapshot, readSnapshot, sealCompressed, sealSnapshot } from './snapshot-seal.js';

const transport = createInProcessTransport();
afterAll(() => transport.close());
let snapshot: Uint8Array;

beforeAll(async () => {
  const result = await transport.runDurable({ source: `text('t'); return 'got ' + (await tools.approve({ n: 1 }));`, bindings: DURABLE_BINDINGS, onToolBatch: parkAllButMul, durable: durableFor() });
  if (result.status !== 'suspended') throw new Error('not suspended');
  snapshot = result.snapshot;
});

const ANSWER: ParkedCallAnswer[] = [{ id: 1, response: { ok: true, value: 'yes' } }];

function resume(bytes: Uint8Array, options: { durable?: DurableRunOptions; answers?: ParkedCallAnswer[]; maxSnapshotBytes?: number } = {}) {
  return transport.resume({
    snapshot: bytes,
    answers: options.answers ?? ANSWER,
    onToolBatch: parkAllButMul,
    durable: options.durable ?? durableFor(),
    ...(options.maxSnapshotBytes === undefined ? {} : { maxSnapshotBytes: options.maxSnapshotBytes }),
  });
}

async function refusal(attempt: Promise<unknown>): Promise<SnapshotError> {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!SnapshotError.isInstance(error)) throw new Error(`expected a SnapshotError, got ${String(error)}`);
  expect(ToolcellError.isInstance(error)).toBe(true);
  return error;
}

/** The snapshot with its header rewritten by `change` and sealed again with the test keys (as a host with the key could). */
function resealed(change: (header: Record<string, unknown>) => Record<string, unknown>): Uint8Array {
  const { header, live } = openSnapshot(snapshot, { keys: TEST_KEYS, identity: durableFor().identity, maxBytes: 1e9, now: Date.now(), build: buildFingerprint(), answerIds: [] });
  const changed = change({ ...header }) as unknown as Parameters<typeof sealSnapshot>[0];
  const sealed = sealSnapshot(changed, live, TEST_KEYS, 1e9);
  if (!('sealed' in sealed)) throw new Error('not sealed');
  return sealed.sealed;
}

function withByte(bytes: Uint8Array, index: number, value: number): Uint8Array {
  const copy = bytes.slice();
  copy[index] = value;
  return copy;
}

describe('a resume refuses', () => {
  it('a snapshot of another build or prelude, naming both fingerprints', async () => {
    const other = resealed((header) => ({ ...header, build: { ...(header.build as object), prelude: 'f'.repeat(64) } }));
    const error = await refusal(resume(other));
    expect(error.code).toBe('SNAPSHOT_BUILD_MISMATCH');
    const here = buildFingerprint();
    expect(error.message).toBe(
      `snapshot refused: it was sealed by another build (${here.library}, ${here.variant}, wasm sha256 ${here.wasm.slice(0, 16)}, prelude sha256 ffffffffffffffff); ` +
        `this host runs ${here.library}, ${here.variant}, wasm sha256 ${here.wasm.slice(0, 16)}, prelude sha256 ${here.prelude.slice(0, 16)}. ` +
        'A snapshot resumes only in the build that sealed it: finish it there, or run the program again',
    );
  });

  it('a snapshot of a realm wired differently', async () => {
    const error = await refusal(resume(resealed((header) => ({ ...header, wiring: '{"runtime":1}' }))));
    expect(error.code).toBe('SNAPSHOT_BUILD_MISMATCH');
    expect(error.message).toMatch(/^snapshot refused: its realm wiring \(sha256 [0-9a-f]{16}\) differs from this host's \(sha256 [0-9a-f]{16}\): the QuickJS build or the prelude prepares realms differently here$/);
  });

  it('a snapshot sealed as the difference from another prepared memory, and the snapshot still resumes', async () => {
    const { header, live } = openSnapshot(snapshot, { keys: TEST_KEYS, identity: durableFor().identity, maxBytes: 1e9, now: Date.now(), build: buildFingerprint(), answerIds: [] });
    expect(header.baseline).toMatch(/^[0-9a-f]{16}$/);
    expect((JSON.parse(header.wiring) as { baseline: unknown }).baseline).toBe(header.baseline);
    const other = '0'.repeat(16);
    const otherWiring = JSON.stringify({ ...(JSON.parse(header.wiring) as object), baseline: other });
    for (const wiring of [header.wiring, otherWiring]) {
      const sealed = sealSnapshot({ ...header, wiring }, { ...live, baseline: other }, TEST_KEYS, 1e9);
      if (!('sealed' in sealed)) throw new Error('not sealed');
      const error = await refusal(resume(sealed.sealed));
      expect(error.code).toBe('SNAPSHOT_BUILD_MISMATCH');
      expect(error.message).toMatch(/^snapshot refused: its realm wiring \(sha256 [0-9a-f]{16}\) differs from this host's/);
    }
    expect(await resume(snapshot)).toMatchObject({ status: 'completed', returnValue: 'got yes' });
  });

  it('a changed byte anywhere, and a header changed to mark the parked call answered', async () => {
    for (const index of [30, Math.floor(snapshot.length / 2), snapshot.length - 40, snapshot.length - 1]) {
      const error = await refusal(resume(withByte(snapshot, index, (snapshot[index] ?? 0) ^ 1)));
      expect([error.code, index]).toEqual(['SNAPSHOT_TAMPERED', index]);
      expect(error.message).toBe('snapshot refused: its MAC does not match key "k2": a byte was changed, or it was sealed with another secret under that id');
    }
    const text = Buffer.from(snapshot).toString('latin1');
    const at = text.indexOf('"parked":[{"id":1,');
    expect(at).toBeGreaterThan(0);
    const forged = Buffer.from(text.slice(0, at) + '"parked":[{"id":7,' + text.slice(at + 18), 'latin1');
    expect((await refusal(resume(new Uint8Array(forged), { answers: [{ id: 7, response: { ok: true, value: 'yes' } }] }))).code).toBe('SNAPSHOT_TAMPERED');
  });

  it('a snapshot sealed with a key the host does not have, and opens one sealed with a previous key', async () => {
    const rotated = { current: { id: 'k3', secret: 'test-secret-3-0123456789abcdefghijklmnop' }, previous: [TEST_KEYS.current] };
    const after = await resume(snapshot, { durable: { ...durableFor(), keys: rotated } });
    expect(after).toMatchObject({ status: 'completed', returnValue: 'got yes' });
    const error = await refusal(resume(snapshot, { durable: { ...durableFor(), keys: { current: rotated.current } } }));
    expect([error.code, error.message]).toEqual(['SNAPSHOT_TAMPERED', 'snapshot refused: it was sealed with key "k2", which this host does not have (current and previous keys)']);
  });

  it('another scope or session', async () => {
    const scope = await refusal(resume(snapshot, { durable: durableFor('team-b') }));
    expect([scope.code, scope.message]).toEqual(['SNAPSHOT_SCOPE_MISMATCH', 'snapshot refused: it belongs to scope "team-a", not to the scope "team-b" it is resumed for']);
    const session = await refusal(resume(snapshot, { durable: { ...durableFor(), identity: { scope: 'team-a', session: 's2' } } }));
    expect([session.code, session.message]).toEqual(['SNAPSHOT_SCOPE_MISMATCH', 'snapshot refused: it belongs to session "s1", not to the session "s2" it is resumed for']);
  });

  it('an expired snapshot', async () => {
    const realNow = Date.now;
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 25 * 60 * 60 * 1000);
    try {
      const error = await refusal(resume(snapshot));
      expect(error.code).toBe('SNAPSHOT_EXPIRED');
      expect(error.message).toMatch(/^snapshot refused: it expired at \d{4}-\d\d-\d\dT[\d:.]+Z; run the program again$/);
    } finally {
      spy.mockRestore();
    }
  });

  it('a snapshot over maxSnapshotBytes', async () => {
    const error = await refusal(resume(snapshot, { maxSnapshotBytes: 1024 }));
    expect([error.code, error.message]).toEqual(['SNAPSHOT_TOO_LARGE', `snapshot refused: it is ${snapshot.length} bytes, over maxSnapshotBytes (1024)`]);
  });

  it('malformed, truncated or unknown-version bytes', async () => {
    const cases: Array<[Uint8Array, string]> = [
      [new Uint8Array(100), 'snapshot refused: it is not a toolcell snapshot (no magic number)'],
      [snapshot.slice(0, snapshot.length - 10), `snapshot refused: it is truncated or padded: it declares ${snapshot.length} bytes and has ${snapshot.length - 10}`],
      // A snapshot sealed before Brotli (version 1, gzip regions), and one from a later format.
      [withByte(snapshot, 11, 1), 'snapshot refused: it is in format version 1; this host reads version 2'],
      [withByte(snapshot, 11, 3), 'snapshot refused: it is in format version 3; this host reads version 2'],
      [snapshot.slice(0, 20), 'snapshot refused: it is not a toolcell snapshot (no magic number)'],
    ];
    for (const [bytes, message] of cases) {
      const error = await refusal(resume(bytes));
      expect([error.code, error.message]).toEqual(['SNAPSHOT_MALFORMED', message]);
    }
  });

  it('memory that does not decompress to its size: read without decompressing it, refused when it is decompressed', async () => {
    const options = { keys: TEST_KEYS, identity: durableFor().identity, maxBytes: 1e9, now: Date.now(), build: buildFingerprint(), answerIds: [] };
    const { header, live, compressed } = openSnapshot(snapshot, options);
    const [first, ...rest] = compressed.regions;
    if (first === undefined) throw new Error('no region');
    const firstBytes = live.regions[0]?.bytes ?? new Uint8Array(0);
    const cases: Array<[Uint8Array, string]> = [
      [Uint8Array.from([1, 2, 3, 4, 5]), 'snapshot refused: a memory region does not decompress'],
      // A region compressed as format version 1 compressed it (gzip), under this format's number.
      [gzipSync(firstBytes, { level: 1 }), 'snapshot refused: a memory region does not decompress'],
      [sealPrimitives().compress(firstBytes.subarray(0, firstBytes.length - 4)), 'snapshot refused: a memory region decompresses to another size'],
    ];
    for (const [bytes, message] of cases) {
      const sealed = sealCompressed(header, { ...compressed, regions: [{ ...first, compressed: bytes }, ...rest] }, TEST_KEYS, 1e9);
      if (!('sealed' in sealed)) throw new Error('not sealed');
      // The seal, header and answers check out, and the regions are taken as stored (a sandbox peer decompresses them).
      expect(readSnapshot(sealed.sealed, options).compressed.regions[0]?.compressed).toEqual(new Uint8Array(bytes));
      const error = await refusal(resume(sealed.sealed));
      expect([error.code, error.message]).toEqual(['SNAPSHOT_MALFORMED', message]);
    }
  });

  it('answers for calls that are not parked in it', async () => {
    const unknown = await refusal(resume(snapshot, { answers: [{ id: 2, response: { ok: true, value: 1 } }] }));
    expect([unknown.code, unknown.message]).toEqual(['SNAPSHOT_UNKNOWN_CALL', 'snapshot refused: an answer names call 2, and the calls parked in it are 1']);
    const twice = await refusal(resume(snapshot, { answers: [...ANSWER, ...ANSWER] }));
    expect(twice.message).toBe('snapshot refused: an answer names call 1 twice, and the calls parked in it are 1');
  });

  it('and leaves the snapshot usable: a correct resume after every refusal completes', async () => {
    const result = await resume(snapshot);
    expect(result).toMatchObject({ status: 'completed', returnValue: 'got yes', output: [{ type: 'text', text: 't' }] });
  });

  it('unusable seal keys before anything runs', async () => {
    await expect(transport.runDurable({ source: 'return 1', bindings: [], onToolBatch: () => [], durable: { keys: { current: { id: 'k', secret: 'short' } }, identity: { scope: 'a' } } })).rejects.toThrow(
      'durable.keys.current: a secret is at least 32 bytes (a string counts as its UTF-8 bytes)',
    );
  });
});

describe('checkSnapshot, running nothing', () => {
  const check = (bytes: Uint8Array, durable: DurableRunOptions = durableFor()) => Promise.resolve().then(() => transport.checkSnapshot({ snapshot: bytes, durable }));

  it('accepts a snapshot this host can resume', () => {
    expect(() => transport.checkSnapshot({ snapshot, durable: durableFor() })).not.toThrow();
  });

  it('refuses as resume does: a changed byte, another build, another cell, an expired snapshot', async () => {
    expect((await refusal(check(withByte(snapshot, snapshot.length - 1, (snapshot.at(-1) ?? 0) ^ 0xff)))).code).toBe('SNAPSHOT_TAMPERED');
    const otherBuild = resealed((header) => ({ ...header, build: { ...(header.build as object), wasm: '0'.repeat(64) } }));
    expect((await refusal(check(otherBuild))).code).toBe('SNAPSHOT_BUILD_MISMATCH');
    expect((await refusal(check(snapshot, { ...durableFor(), identity: { ...durableFor().identity, cell: 'another' } }))).code).toBe('SNAPSHOT_SCOPE_MISMATCH');
    expect((await refusal(check(resealed((header) => ({ ...header, expiresAt: 1 }))))).code).toBe('SNAPSHOT_EXPIRED');
  });
});
