// The runtime exports of @toolcell/core, pinned: adding or removing one is an API decision
// (and, in this package, a breaking change for every other), never a refactor's side effect.
import { describe, expect, it } from 'vitest';
import * as core from './index.js';

describe('public value exports', () => {
  it('are the contract every package builds on, and nothing behind it', () => {
    expect(Object.keys(core).sort()).toEqual([
      'BRIDGE_TOOL_NAMES', 'CALL_ERROR_CODES', 'CONTROL_TOOL_NAMES', 'ConfigurationError',
      'EXEC_ERROR_CODES', 'HOST_ERROR_CODES', 'MAX_JSON_DEPTH', 'MODEL_SOURCE',
      'SNAPSHOT_ERROR_CODES', 'TOOL_MODES', 'ToolFailure', 'ToolcellError', 'abortableDelay', 'defineTool',
      'errorMessage', 'errorOutcome', 'findJsonSafetyViolation', 'hostContextSlot', 'isCodeMode', 'isToolMode',
      'isToolcellErrorCode', 'isWholeNumber', 'jsonOutput', 'jsonTextNestsDeeperThan', 'resourceText',
      'textOutput', 'toDeclaration', 'toolOutput', 'typedResult', 'utf8Length', 'wireOutput',
      'wireText',
    ]);
  });
});
