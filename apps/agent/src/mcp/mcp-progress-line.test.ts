import { describe, expect, it } from 'vitest';
import { mcpLogLine, mcpProgressLine } from './mcp-progress-line.js';

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

describe('mcpLogLine', () => {
  it('shows a server\'s warning or worse with its logger, and leaves out the quieter levels', () => {
    const event = { serverName: 'files', logger: 'indexer', data: 'disk almost full', callIds: [] };
    expect(mcpLogLine({ ...event, level: 'warning' })).toBe('    ! mcp server files (indexer) warning: disk almost full');
    expect(mcpLogLine({ ...event, level: 'error', logger: undefined, data: { code: 7 } })).toBe('    ! mcp server files error: {"code":7}');
    expect(mcpLogLine({ ...event, level: 'info' })).toBeUndefined();
    expect(mcpLogLine({ ...event, level: 'debug' })).toBeUndefined();
  });
});
