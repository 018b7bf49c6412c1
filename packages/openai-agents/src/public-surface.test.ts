// The runtime exports of @toolcell/openai-agents, pinned: adding or removing one is an API
// decision, never a refactor's side effect.
import { describe, expect, it } from 'vitest';
import * as openaiAgents from './index.js';

describe('public value exports', () => {
  it('are the one tool factory', () => {
    expect(Object.keys(openaiAgents).sort()).toEqual(['codeModeTool']);
  });
});
