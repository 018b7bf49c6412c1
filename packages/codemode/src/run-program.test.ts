// What a host that embeds Code Mode in an agent framework reads: exec's declaration, a
// program's typed result without a cast, and its run context in every nested call.
import { describe, expect, it } from 'vitest';
import { harnessPerTest } from './test-support/harness-per-test.js';

const harness = harnessPerTest();

describe('runProgram', () => {
  it('returns the typed ExecResult of a completed program', async () => {
    const h = harness();
    const { outcome, result } = await h.codeMode.runProgram({ code: 'const { tokens_left } = await tools.get_context_remaining({}); return tokens_left;', callId: 'x1' });
    expect(outcome.status).toBe('ok');
    expect(result).toMatchObject({ status: 'completed', cell_id: expect.any(String), return_value: 9000 });
  });

  it('returns the ExecResult of a failed program, with its error code', async () => {
    const h = harness();
    const { outcome, result } = await h.codeMode.runProgram({ code: 'await tools.read_file({ path: "missing" });', callId: 'x1' });
    expect(outcome).toMatchObject({ status: 'error', code: 'EXEC_RUNTIME' });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'EXEC_RUNTIME', message: expect.stringContaining('no such file') } });
  });

  it('has no ExecResult when exec was refused before a program started', async () => {
    const h = harness();
    const { outcome, result } = await h.codeMode.runProgram({ code: '   ', callId: 'x1' });
    expect(outcome).toMatchObject({ status: 'error', code: 'INVALID_ARGS' });
    expect(result).toBeUndefined();
  });

  it('passes its hostContext to every nested call, in policy and in the tool', async () => {
    const h = harness();
    const run = { user: 'ada' };
    await h.codeMode.runProgram({ code: 'await tools.read_file({ path: "a.txt" }); await tools.write_file({ path: "b", content: "x" });', callId: 'x1', hostContext: run });
    expect(h.preExecute.map((call) => [call.toolName, call.nested, call.hostContext])).toEqual([
      ['exec', false, run],
      ['read_file', true, run],
      ['write_file', true, run],
    ]);
    expect(h.approvals.map((request) => request.hostContext)).toEqual([run]);
  });
});

describe('execDeclaration', () => {
  it('is exec as the registry sends it, its description listing the bindings', () => {
    const h = harness();
    const declaration = h.codeMode.execDeclaration();
    expect(declaration).toMatchObject({ kind: 'freeform', name: 'exec', jsonFallback: { parameter: 'code' } });
    expect(declaration.description).toContain('read_file');
    expect(h.registry.wireView(h.registry.root).find((tool) => tool.name === 'exec')).toEqual(declaration);
  });
});
