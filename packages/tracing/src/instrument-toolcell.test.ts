// The span tree of real programs through the real executor, Code Mode and sandbox, read
// back from the SDK's in-memory exporter.
import { SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { AlwaysOffSampler } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { GEN_AI, SPAN_EVENTS, TOOLCELL } from './attribute-names.js';
import { childrenOf, spanNamed, tracedStack } from './test-support/traced-stack.js';

let stack: ReturnType<typeof tracedStack> | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** `callId name code` of each span, in call order. */
function lines(spans: readonly ReadableSpan[]): string[] {
  return spans
    .map((span) => `${String(span.attributes[GEN_AI.toolCallId])} ${span.name} ${String(span.attributes[TOOLCELL.outcomeCode] ?? 'ok')}`)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

function eventNames(span: ReadableSpan): string[] {
  return span.events.map((event) => event.name);
}

describe('instrumentToolcell', () => {
  it('puts sequential, parallel, denied, invalid and cancelled nested calls under their exec span, under the host span', async () => {
    stack = tracedStack();
    const { host, outcome } = stack.exec(`
      await tools.read_file({ path: 'a.txt' });
      await Promise.all([tools.read_file({ path: 'b.txt' }), tools.read_file({ path: 'c.txt' })]);
      const failures = [];
      for (const call of [() => tools.delete_everything({}), () => tools.read_file({ path: 1 }), () => tools.cancel_me({})]) {
        try { await call(); } catch (error) { failures.push(error.code); }
      }
      return failures;`);
    expect((await outcome).status).toBe('ok');
    const spans = stack.spans();
    const exec = spanNamed(spans, 'execute_tool exec');
    expect(exec.parentSpanContext?.spanId).toBe(host);
    expect(lines(childrenOf(spans, exec.spanContext().spanId))).toEqual([
      'call_1:code:1 execute_tool read_file ok',
      'call_1:code:2 execute_tool read_file ok',
      'call_1:code:3 execute_tool read_file ok',
      'call_1:code:4 execute_tool delete_everything DENIED',
      'call_1:code:5 execute_tool read_file INVALID_ARGS',
      'call_1:code:6 execute_tool cancel_me ABORTED',
    ]);
    expect(spans.every((span) => span.spanContext().traceId === exec.spanContext().traceId)).toBe(true);
    expect(exec.attributes).toMatchObject({
      [GEN_AI.operationName]: 'execute_tool',
      [GEN_AI.toolName]: 'exec',
      [GEN_AI.toolCallId]: 'call_1',
      [GEN_AI.toolType]: 'function',
      [TOOLCELL.source]: 'model',
      [TOOLCELL.mode]: 'code_mode_only',
      [TOOLCELL.execStatus]: 'completed',
      [TOOLCELL.execNestedCalls]: 6,
      [TOOLCELL.outcomeStatus]: 'ok',
    });
    expect(exec.attributes[TOOLCELL.cellId]).toEqual(expect.any(String));
    expect(exec.attributes[TOOLCELL.execWallMs]).toBeGreaterThanOrEqual(0);
    expect(exec.attributes[TOOLCELL.execCpuMs]).toBeGreaterThanOrEqual(0);
    expect(exec.status.code).toBe(SpanStatusCode.UNSET);

    const [first, , parallel, denied, invalid, cancelled] = childrenOf(spans, exec.spanContext().spanId).sort((a, b) =>
      String(a.attributes[GEN_AI.toolCallId]).localeCompare(String(b.attributes[GEN_AI.toolCallId]), 'en', { numeric: true }),
    ) as ReadableSpan[];
    expect(first?.attributes).toMatchObject({
      [TOOLCELL.source]: 'code_mode',
      [TOOLCELL.parentCallId]: 'call_1',
      [TOOLCELL.cellId]: exec.attributes[TOOLCELL.cellId],
      [TOOLCELL.readOnly]: true,
      [TOOLCELL.executionMode]: 'parallel',
      [TOOLCELL.argumentBytes]: '{"path":"a.txt"}'.length,
      [TOOLCELL.resultBytes]: '"content of a.txt"'.length,
    });
    expect(eventNames(first as ReadableSpan)).toEqual([SPAN_EVENTS.validated, SPAN_EVENTS.guard]);
    expect(parallel?.attributes[TOOLCELL.executionMode]).toBe('parallel');
    expect(denied?.status).toMatchObject({ code: SpanStatusCode.ERROR, message: expect.stringContaining('Permission denied') });
    expect(denied?.events.map((event) => [event.name, event.attributes?.[TOOLCELL.stageResult] ?? event.attributes?.[TOOLCELL.denialStage]])).toEqual([
      [SPAN_EVENTS.validated, 'pass'],
      [SPAN_EVENTS.guard, 'deny'],
      [SPAN_EVENTS.denied, 'guard'],
    ]);
    expect(invalid?.events.map((event) => event.attributes?.[TOOLCELL.denialStage])).toEqual(['validate']);
    expect(invalid?.attributes['error.type']).toBe('INVALID_ARGS');
    expect(cancelled?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('keeps the calls of a yielded cell under its exec span when a later wait resumes it', async () => {
    stack = tracedStack({ cells: true });
    const started = stack.exec(`await tools.read_file({ path: 'a.txt' }); yield_control(); await tools.gate({}); await tools.read_file({ path: 'b.txt' }); return 'done';`);
    const yielded = await started.outcome;
    const cellId = (yielded.output.result.value as { cell_id: string }).cell_id;
    expect((yielded.output.result.value as { status: string }).status).toBe('running');
    // The exec call has ended, but its span waits for the program's end.
    expect(stack.spans().map((span) => span.name)).not.toContain('execute_tool exec');
    stack.openGate();
    const waited = stack.dispatchInRequest('wait', { cell_id: cellId });
    expect(((await waited.outcome).output.result.value as { status: string }).status).toBe('completed');

    const spans = stack.spans();
    const exec = spanNamed(spans, 'execute_tool exec');
    expect(exec.parentSpanContext?.spanId).toBe(started.host);
    expect(lines(childrenOf(spans, exec.spanContext().spanId))).toEqual([
      'call_1:code:1 execute_tool read_file ok',
      'call_1:code:2 execute_tool gate ok',
      'call_1:code:3 execute_tool read_file ok',
    ]);
    expect(exec.attributes).toMatchObject({ [TOOLCELL.execStatus]: 'completed', [TOOLCELL.execNestedCalls]: 3, [TOOLCELL.cellId]: cellId });
    expect(eventNames(exec)).toContain(SPAN_EVENTS.cellYield);
    const wait = spanNamed(spans, 'execute_tool wait');
    expect(wait.parentSpanContext?.spanId).toBe(waited.host);
    // It observes the cell, so it links to the exec span rather than nesting under it.
    expect(wait.links.map((link) => link.context.spanId)).toEqual([exec.spanContext().spanId]);
    expect(wait.attributes[TOOLCELL.cellId]).toBe(cellId);
    // No hooks run for `wait`, so no hook events on its span.
    expect(eventNames(wait)).not.toContain(SPAN_EVENTS.preExecute);
  });

  it('records a refused direct call in code_mode_only as UNKNOWN_TOOL, with no hook events', async () => {
    stack = tracedStack();
    let hooked = 0;
    stack.runtime.onPreExecute(() => {
      hooked += 1;
    });
    const { host, outcome } = stack.dispatchInRequest('read_file', { path: 'a.txt' });
    expect(await outcome).toMatchObject({ status: 'error', code: 'UNKNOWN_TOOL' });
    const span = spanNamed(stack.spans(), 'execute_tool read_file');
    expect(span.parentSpanContext?.spanId).toBe(host);
    expect(span.attributes).toMatchObject({ [TOOLCELL.outcomeCode]: 'UNKNOWN_TOOL', [TOOLCELL.resolution]: 'collapsed', [TOOLCELL.source]: 'model' });
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(eventNames(span)).toEqual([SPAN_EVENTS.denied]);
    expect(hooked).toBe(0);
  });

  it('marks approval, the time spent waiting for it, and budget truncation as span events', async () => {
    stack = tracedStack({ mode: 'code_mode' });
    await stack.dispatchInRequest('write_file', { path: 'a.txt' }).outcome;
    const span = spanNamed(stack.spans(), 'execute_tool write_file');
    expect(eventNames(span)).toEqual([SPAN_EVENTS.validated, SPAN_EVENTS.guard, SPAN_EVENTS.approvalRequested, SPAN_EVENTS.approvalGranted, SPAN_EVENTS.outputTruncated]);
    expect(span.events[3]?.attributes?.[TOOLCELL.approvalWaitMs]).toBeGreaterThanOrEqual(0);
    expect(span.events[4]?.attributes?.[TOOLCELL.outputBudget]).toBe(8);
  });

  it('ends a denied approval with an error status and the approval.denied event', async () => {
    stack = tracedStack({ mode: 'code_mode', approve: false });
    await stack.dispatchInRequest('write_file', { path: 'a.txt' }).outcome;
    const span = spanNamed(stack.spans(), 'execute_tool write_file');
    expect(eventNames(span).slice(-2)).toEqual([SPAN_EVENTS.approvalDenied, SPAN_EVENTS.denied]);
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('counts wire tokens with the given counter', async () => {
    stack = tracedStack({ mode: 'code_mode', tracing: { countTokens: (text) => text.split(' ').length } });
    await stack.dispatchInRequest('read_file', { path: 'a.txt' }).outcome;
    expect(spanNamed(stack.spans(), 'execute_tool read_file').attributes[TOOLCELL.wireTokens]).toBe(3);
  });

  it('stops tracing on dispose and ends an exec span still held for its program', async () => {
    stack = tracedStack({ cells: true });
    const started = await stack.exec(`yield_control(); await tools.gate({});`).outcome;
    expect((started.output.result.value as { status: string }).status).toBe('running');
    stack.tracing.dispose();
    expect(spanNamed(stack.spans(), 'execute_tool exec').attributes[TOOLCELL.execStatus]).toBe('running');
    await stack.dispatchInRequest('read_file', { path: 'a.txt' }).outcome;
    expect(stack.spans().map((span) => span.name)).not.toContain('execute_tool read_file');
    stack.openGate();
  });

  it('records nothing for sampled-out spans, and the program still runs', async () => {
    stack = tracedStack({ sampler: new AlwaysOffSampler() });
    const { outcome } = stack.exec(`return (await tools.read_file({ path: 'a.txt' })).length;`);
    expect(await outcome).toMatchObject({ status: 'ok' });
    expect(stack.spans()).toEqual([]);
  });
});
