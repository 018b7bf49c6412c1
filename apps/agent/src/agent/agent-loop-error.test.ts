import { ConfigurationError, ToolFailure, ToolcellError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { WorkspaceEscapeError } from '../tools/workspace-escape-error.js';
import { AgentLoopError } from './agent-loop-error.js';

describe("the app's errors", () => {
  const maxTurns = new AgentLoopError({ code: 'MAX_TURNS_EXCEEDED', message: 'still calling tools' });
  const requestFailed = new AgentLoopError({ code: 'MODEL_REQUEST_FAILED', message: 'connection refused' });
  const escape = new WorkspaceEscapeError({ path: '../x', root: '/work', toolName: 'read_file' });

  it('have their own names and codes, not the executor outcome codes', () => {
    expect(maxTurns).toMatchObject({ name: '@toolcell/agent/AgentLoopError', code: 'MAX_TURNS_EXCEEDED', retryable: false });
    expect(requestFailed).toMatchObject({ name: '@toolcell/agent/AgentLoopError', code: 'MODEL_REQUEST_FAILED', retryable: true });
    expect(escape).toMatchObject({ name: '@toolcell/agent/WorkspaceEscapeError', code: 'WORKSPACE_ESCAPE', retryable: false });
  });

  it('answer isInstance only for their own class', () => {
    for (const error of [maxTurns, requestFailed, escape]) {
      expect(ToolcellError.isInstance(error)).toBe(true);
      expect(ToolFailure.isInstance(error)).toBe(false);
      expect(ConfigurationError.isInstance(error)).toBe(false);
    }
    expect(AgentLoopError.isInstance(maxTurns)).toBe(true);
    expect(AgentLoopError.isInstance(escape)).toBe(false);
    expect(WorkspaceEscapeError.isInstance(escape)).toBe(true);
    expect(WorkspaceEscapeError.isInstance(requestFailed)).toBe(false);
  });
});
