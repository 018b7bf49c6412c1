// The pipeline says how a call left it and never ends the call itself: the engine ends it,
// in one place. Synchronous when every stage answered at once, a promise otherwise.
import type { FunctionToolDefinition, ToolOutput } from '@toolcell/core';
import { MODEL_SOURCE, jsonOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { CallEngine } from './call-engine.js';
import { runPipeline } from './call-pipeline.js';
import { CallRecord } from './call-record.js';
import './test-support/loaded-validators.js';

const registry = new ToolRegistry({ mode: 'direct' });

function engine(): CallEngine {
  const settings = { registry, approval: undefined, maxParallel: 4, onListenerError: undefined, defaultTimeoutMs: 60_000, approvalTimeoutMs: 60_000, defaultOutputBudget: undefined };
  return new CallEngine(settings);
}

function tool(execute: FunctionToolDefinition['execute']): FunctionToolDefinition {
  return { kind: 'function', name: 'read', description: 'Read.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } }, execute };
}

/** A call the lane has started, as the engine hands it to the pipeline. */
function running(host: CallEngine, definition: FunctionToolDefinition, args: unknown = { path: 'a' }): CallRecord {
  const identity = { callId: 'call_1', name: definition.name, source: MODEL_SOURCE, scope: registry.root, parentCallId: undefined, callerSignal: undefined, hostContext: undefined };
  const record = new CallRecord(identity, host, false);
  record.resolved({ type: 'callable', tool: definition, category: 'ordinary', jsName: undefined }, args);
  record.begin();
  return record;
}

describe('runPipeline', () => {
  it('returns the outcome of a call whose stages answer at once, synchronously, and leaves the call running', () => {
    const host = engine();
    const definition = tool(() => jsonOutput({ text: 'hello' }));
    const record = running(host, definition);
    const ran = runPipeline(host, record, definition);
    expect(ran).toEqual({ type: 'outcome', outcome: { status: 'ok', callId: 'call_1', toolName: 'read', output: jsonOutput({ text: 'hello' }) } });
    expect(record.state).toBe('running');
  });

  it('returns a refusal with the stage that made it, for the engine to report', () => {
    const host = engine();
    host.preExecute = [() => ({ type: 'deny', reason: 'not today' })];
    const definition = tool(() => jsonOutput({}));
    const record = running(host, definition);
    expect(runPipeline(host, record, definition)).toEqual({
      type: 'refused',
      stage: 'pre-execute',
      refusal: { code: 'DENIED', message: 'A pre-execute hook denied the call: not today' },
    });
    expect([record.state, record.deniedAt]).toEqual(['running', undefined]);
    const invalid = running(host, definition, { path: 7 });
    expect(runPipeline(host, invalid, definition)).toMatchObject({ type: 'refused', stage: 'validate', refusal: { code: 'INVALID_ARGS' } });
  });

  it('returns a promise when a stage hands one back, and says the call ended when it ended meanwhile', async () => {
    const host = engine();
    let answer: (output: ToolOutput) => void = () => undefined;
    const definition = tool(() => new Promise<ToolOutput>((resolve) => (answer = resolve)));
    const record = running(host, definition);
    const ran = runPipeline(host, record, definition);
    expect(ran).toBeInstanceOf(Promise);
    record.end(); // cancelled while `execute` ran
    answer(jsonOutput({}));
    await expect(ran).resolves.toEqual({ type: 'ended' });
  });

  it('turns a bug in its own stages into an EXECUTION_FAILED outcome instead of throwing', () => {
    const host = engine();
    // An output whose `wire` getter throws when the pipeline checks it.
    const hostile = { result: {}, get wire(): never { throw new Error('wire getter'); } } as unknown as ToolOutput;
    const definition = tool(() => hostile);
    const ran = runPipeline(host, running(host, definition), definition);
    expect(ran).toMatchObject({ type: 'outcome', outcome: { status: 'error', code: 'EXECUTION_FAILED', message: 'The executor could not finish the call of "read": wire getter' } });
  });
});
