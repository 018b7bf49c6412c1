import { describe, expect, it } from 'vitest';
import { mcpProgressLine } from './mcp-progress-line.js';

describe('mcpProgressLine', () => {
  it('shows the tool, the call, the amount out of the total and the message', () => {
    expect(mcpProgressLine({ serverName: 'files', toolName: 'mcp__files__search', callId: 'exec_1:code:1', progress: 2, total: 5, message: 'scanning' })).toBe(
      '    … mcp__files__search exec_1:code:1 progress 2/5: scanning',
    );
  });

  it('leaves out what the server did not send', () => {
    expect(mcpProgressLine({ serverName: 'files', toolName: 'mcp__files__search', callId: 'call_1', progress: 40, total: undefined, message: undefined })).toBe(
      '    … mcp__files__search call_1 progress 40',
    );
  });
});
