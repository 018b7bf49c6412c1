// The runtime exports of each @toolcell/sandbox entry, pinned: adding or removing one is an
// API decision, never a refactor's side effect.
import { describe, expect, it } from 'vitest';
import * as root from './index.js';
import * as node from './node.js';

describe('public value exports', () => {
  it.each([
    ['(root)', root, ['DEFAULT_SANDBOX_LIMITS', 'SANDBOX_LIMIT_BOUNDS', 'SnapshotError', 'createInProcessTransport', 'resolveSandboxLimits']],
    ['node', node, ['createChildProcessTransport', 'createWorkerTransport']],
  ] as const)('%s exports only what a host needs', (_name, entry, expected) => {
    expect(Object.keys(entry).sort()).toEqual([...expected].sort());
  });
});
