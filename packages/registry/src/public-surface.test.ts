// The runtime exports of @toolcell/registry, pinned: adding or removing one is an API
// decision, never a refactor's side effect.
import { describe, expect, it } from 'vitest';
import * as registry from './index.js';

describe('public value exports', () => {
  it('are the registry, the direct-control default and the name rule; the helpers behind them stay internal', () => {
    expect(Object.keys(registry).sort()).toEqual(['DEFAULT_DIRECT_CONTROL', 'ToolRegistry', 'normalizeJsName']);
  });
});
