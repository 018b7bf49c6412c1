// The runtime exports of each @toolcell/executor entry, pinned: adding or removing one is
// an API decision, never a refactor's side effect.
import { describe, expect, it } from 'vitest';
import * as root from './index.js';
import * as testEntry from './test/index.js';

describe('public value exports', () => {
  it.each([
    [
      '(root)',
      root,
      ['DEFAULT_APPROVAL_TIMEOUT_MS', 'DEFAULT_TIMEOUT_MS', 'ToolRuntime', 'isSecurityRelevantKey', 'nestedCallId', 'previewApprovalArgs', 'toDispatchRequest'],
    ],
    ['test', testEntry, ['RecordingPolicy']],
  ] as const)('%s exports only what a host needs', (_name, entry, expected) => {
    expect(Object.keys(entry).sort()).toEqual([...expected].sort());
  });
});
