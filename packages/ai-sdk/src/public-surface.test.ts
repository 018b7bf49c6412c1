// The runtime exports of @toolcell/ai-sdk, pinned: adding or removing one is an API
// decision, never a refactor's side effect.
import { describe, expect, it } from 'vitest';
import * as aiSdk from './index.js';

describe('public value exports', () => {
  it('are the tools factory and the context reader; the result mappings stay internal', () => {
    expect(Object.keys(aiSdk).sort()).toEqual(['codeModeContext', 'createCodeModeTools']);
  });
});
