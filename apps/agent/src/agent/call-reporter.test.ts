import { jsonOutput } from '@toolcell/core';
import type { CallOutcome } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { CallReporter, KEPT_CALL_ENDS } from './call-reporter.js';
import type { TranscriptEvent } from './transcript-event.js';

function reporting() {
  const registry = new ToolRegistry({ mode: 'direct' });
  registry.register({ kind: 'function', name: 'noop', description: 'Does nothing.', inputSchema: { type: 'object' }, readOnly: true, execute: () => jsonOutput(null) });
  const runtime = new ToolRuntime({ registry });
  const lines: TranscriptEvent[] = [];
  const reporter = new CallReporter((event) => lines.push(event));
  reporter.attach(runtime);
  const call = (index: number) => runtime.dispatch({ name: 'noop', args: {}, callId: `call_${index}`, scope: registry.root });
  const endLine = (outcome: CallOutcome) => {
    reporter.reportModelCallEnd(outcome);
    return lines.at(-1);
  };
  return { call, endLine };
}

describe('CallReporter', () => {
  it('writes a model call its call_end line with the duration the call-end event gave', async () => {
    const { call, endLine } = reporting();
    const outcome = await call(1);
    expect(endLine(outcome)).toMatchObject({ type: 'call_end', callId: 'call_1', status: 'ok', durationMs: expect.any(Number) });
  });

  // Issue 22: calls dispatched by someone else (an MCP server's clients) never get their line.
  it(`keeps the call-end events of at most ${KEPT_CALL_ENDS} calls whose line was not written, forgetting the oldest`, async () => {
    const { call, endLine } = reporting();
    const outcomes: CallOutcome[] = [];
    for (let index = 0; index <= KEPT_CALL_ENDS; index += 1) outcomes.push(await call(index));
    // The oldest was forgotten: its late line has no duration; the next one is still kept.
    expect(endLine(outcomes[0] as CallOutcome)).not.toHaveProperty('durationMs');
    expect(endLine(outcomes[1] as CallOutcome)).toHaveProperty('durationMs');
    expect(endLine(outcomes[KEPT_CALL_ENDS] as CallOutcome)).toHaveProperty('durationMs');
  });
});
