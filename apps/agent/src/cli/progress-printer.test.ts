import { describe, expect, it } from 'vitest';
import { createProgressPrinter } from './progress-printer.js';

describe('progress printer', () => {
  it('shows turns, calls as they start and end (nested ones indented), approvals and the end', () => {
    const lines: string[] = [];
    const print = createProgressPrinter({ write: (line) => lines.push(line), prefix: '[x] ' });
    print({ type: 'model_request', turn: 1, mode: 'code_mode_only', tools: ['ask_user_question', 'exec'] });
    print({ type: 'model_response', turn: 1, text: 'Let me look.', tool_calls: [{ callId: 'e', name: 'exec', input: 'a\nb' }], requestTokens: 10 });
    print({ type: 'call_start', callId: 'e', name: 'exec', source: 'model' });
    print({ type: 'call_start', callId: 'e:code:1', name: 'write_file', source: 'code_mode', parentCallId: 'e', cellId: '1' });
    print({ type: 'hook', stage: 'pre_execute', callId: 'e:code:1', name: 'write_file' });
    print({ type: 'approval', callId: 'e:code:1', name: 'write_file', nested: true, decision: 'denied', reason: 'no terminal' });
    print({ type: 'call_end', callId: 'e:code:1', name: 'write_file', source: 'code_mode', parentCallId: 'e', status: 'error', code: 'DENIED', message: 'not approved', durationMs: 1.25 });
    print({ type: 'call_end', callId: 'e', name: 'exec', source: 'model', status: 'ok', durationMs: 1500 });
    print({ type: 'model_response', turn: 2, tool_calls: [{ callId: 'r', name: 'read_file', arguments: { path: 'a.md' } }, { callId: 'l', name: 'list_files' }], requestTokens: 5 });
    print({ type: 'cell_wait', turn: 2, cellIds: ['1'] });
    print({ type: 'cell_update', cellId: '1', status: 'completed', reasons: ['output', 'end'], message: 'News from exec cell 1' });
    print({ type: 'final', text: 'done', turns: 2, tokens: 15 });
    expect(lines).toEqual([
      '[x] turn 1: request to the model (2 tools declared)',
      '[x]   model: Let me look.',
      '[x]   model calls exec (2 lines of JavaScript)',
      '[x]   ▸ exec e',
      '[x]     ▸ write_file e:code:1',
      '[x]       approval for write_file: denied (no terminal)',
      '[x]     ✗ write_file DENIED: not approved 1.3 ms',
      '[x]   ✓ exec 1.50 s',
      '[x]   model calls read_file {"path":"a.md"}, list_files',
      '[x]   cells 1 still running: waiting for their news (push completion; the model is not asked again until then)',
      '[x]   cell 1 completed: told the model in one message',
      '[x] done after 2 model requests, 15 tokens sent',
    ]);
  });

  it('shows a call whose approval was deferred, and whose program was suspended into the store, as waiting there', () => {
    const lines: string[] = [];
    const print = createProgressPrinter({ write: (line) => lines.push(line) });
    print({ type: 'call_start', callId: 'e', name: 'exec', source: 'model' });
    print({ type: 'call_start', callId: 'e:code:1', name: 'write_file', source: 'code_mode', parentCallId: 'e', cellId: '1' });
    print({ type: 'approval', callId: 'e:code:1', name: 'write_file', nested: true, decision: 'deferred', reason: 'nobody can be asked now' });
    print({ type: 'call_end', callId: 'e:code:1', name: 'write_file', source: 'code_mode', parentCallId: 'e', status: 'error', code: 'ABORTED', message: 'cancelled while its approval was deferred', durationMs: 3 });
    print({ type: 'call_end', callId: 'e', name: 'exec', source: 'model', status: 'ok', durationMs: 10 });
    print({ type: 'approvals_pending', session: 'run-1', approvals: [{ approvalId: 'appr_1', toolName: 'write_file', args: 'path: "a.txt"\ncontent: "x"', cellId: '1', expiresAt: 0 }] });
    expect(lines).toEqual([
      '  ▸ exec e',
      '    ▸ write_file e:code:1',
      '      approval for write_file: deferred (nobody can be asked now)',
      '    ⏸ write_file waits in the store for its approval (toolcell approvals)',
      '  ✓ exec 10.0 ms',
      'session run-1 waits for 1 approval in the store',
      '  appr_1  write_file path: "a.txt" content: "x" (cell 1)',
    ]);
  });
});
