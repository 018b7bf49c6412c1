// Acceptance tests of issue 6: through a real sandbox, the real executor and a real registry.
import type { CallOutcome } from '@toolcell/core';
import { toolOutput, wireText } from '@toolcell/core';
import { createChildProcessTransport } from '@toolcell/sandbox/node';
import { describe, expect, it, vi } from 'vitest';
import { harnessPerTest } from './test-support/harness-per-test.js';

const harness = harnessPerTest();

const text = (outcome: CallOutcome) => wireText(outcome.output.wire);

describe('exec on the default (child-process) transport', () => {
  it('reads three files in parallel, writes once with approval, and every call passes the hooks', async () => {
    const h = harness({ transport: createChildProcessTransport({ pool: { size: 1 } }) });
    const outcome = await h.exec(`
      const [a, b, c] = await Promise.all(['a.txt', 'b.txt', 'c.txt'].map((name) => tools.read_file({ path: 'parallel/' + name })));
      const summary = [a.content, b.content, c.content].join(' + ');
      await tools.write_file({ path: 'summary.txt', content: summary });
      text('wrote ' + summary);
      return summary.length;
    `);
    expect(outcome.status).toBe('ok');
    expect(text(outcome)).toMatch(/^Script completed in \d+ ms \(cell \d+\)\.\nwrote alpha \+ beta \+ gamma\nReturn value: 20$/);
    expect(h.reads.sort()).toEqual(['parallel/a.txt:overlapped', 'parallel/b.txt:overlapped', 'parallel/c.txt:overlapped']);
    expect(h.files.get('summary.txt')).toBe('alpha + beta + gamma');
    expect(h.approvals).toHaveLength(1);
    expect(h.approvals[0]).toMatchObject({ toolName: 'write_file', nested: true, parentCallId: 'exec_1', cellId: expect.any(String) });
    // The exec call itself is a model-direct call; its program made four nested ones.
    const nested = h.preExecute.filter((call) => call.nested);
    expect(h.preExecute.map((call) => call.toolName)).toEqual(['exec', 'read_file', 'read_file', 'read_file', 'write_file']);
    for (const call of nested) {
      expect(call.source).toEqual({ type: 'code_mode', cellId: h.approvals[0]?.cellId, parentCallId: 'exec_1' });
      expect(call.callId).toMatch(/^exec_1:code:\d+$/);
    }
  });
});

describe('exec', () => {
  it('lets a program catch a denied call and continue', async () => {
    const h = harness();
    const outcome = await h.exec(`
      try { await tools.delete_everything({}); } catch (error) { text(error.code + ' ' + error.callId + ' ' + error.message); }
      return 'still here';
    `);
    expect(outcome.status).toBe('ok');
    expect(text(outcome)).toContain('DENIED exec_1:code:1');
    expect(text(outcome)).toContain('never delete everything');
    expect(text(outcome)).toContain('Return value: "still here"');
  });

  it('refuses tools.exec inside a program, and the executor refuses a forged nested exec', async () => {
    const h = harness();
    const outcome = await h.exec(`try { await tools.exec('return 1'); } catch (error) { return String(error.message); }`);
    expect(text(outcome)).toMatch(/exec/);
    expect(outcome.status).toBe('ok');
    const forged = await h.runtime.dispatch({ name: 'exec', args: 'return 1', callId: 'forged', scope: h.registry.root, parent: { callId: 'exec_1', cellId: '1' } });
    expect(forged).toMatchObject({ status: 'error', code: 'RECURSIVE_EXEC' });
  });

  it('cancels a call the program left unawaited before answering', async () => {
    const h = harness();
    const outcome = await h.exec(`tools.wait_for_abort({}); await new Promise((resolve) => setTimeout(resolve, 20)); return 'done';`);
    expect(outcome.status).toBe('ok');
    expect(h.aborted).toEqual(['exec_1:code:1']);
  });

  it('offers only allowed tools in a narrowed scope, and the executor refuses a forged call', async () => {
    const h = harness();
    const reader = h.registry.createScope({ id: 'reader', nestedAllow: ['read_file', 'get_context_remaining'] });
    const outcome = await h.exec(`return { offered: ALL_TOOLS.map((tool) => tool.name).sort(), hasWrite: (() => { try { return typeof tools.write_file; } catch (error) { return 'throws'; } })() };`, { scope: reader });
    expect(outcome.status).toBe('ok');
    expect(outcome.output.result.value).toMatchObject({ return_value: { offered: ['get_context_remaining', 'read_file'], hasWrite: 'throws' } });
    const forged = await h.runtime.dispatch({ name: 'write_file', args: { path: 'x', content: 'y' }, callId: 'forged', scope: reader, parent: { callId: 'exec_1', cellId: '1' } });
    expect(forged).toMatchObject({ status: 'error', code: 'NOT_CALLABLE' });
    expect(h.approvals).toHaveLength(0);
  });

  it('hands programs the typed result while the model reads the wire text', async () => {
    const h = harness({ mode: 'code_mode' });
    const outcome = await h.exec(`const result = await tools.get_context_remaining({}); text(JSON.stringify(result)); return result;`);
    expect(text(outcome)).toContain('{"tokens_left":9000}');
    expect(outcome.output.result.value).toMatchObject({ return_value: { tokens_left: 9000 } });
    const direct = await h.runtime.dispatch({ name: 'get_context_remaining', args: {}, callId: 'direct', scope: h.registry.root });
    expect(direct.status).toBe('ok');
    expect(text(direct)).toBe('9000 tokens left');
  });

  it('reports a typed result that is not JSON-safe as a failed call', async () => {
    const h = harness();
    const outcome = await h.exec(`try { await tools.make_date({}); } catch (error) { return error.code + ': ' + error.message; }`);
    expect(outcome.output.result.value).toMatchObject({
      return_value: 'EXECUTION_FAILED: the result of tools.make_date could not be passed to the program: the member at /when is a Date instance, which is not plain JSON data',
    });
  });

  it('fails with the program error code and keeps the partial output', async () => {
    const h = harness();
    const outcome = await h.exec(`text('before'); throw new Error('kaboom');`);
    expect(outcome).toMatchObject({ status: 'error', code: 'EXEC_RUNTIME' });
    expect(text(outcome)).toMatch(/^Script failed after \d+ ms with EXEC_RUNTIME \(cell \d+\)\.\nbefore\nError EXEC_RUNTIME: .*kaboom/);
  });

  it('rejects a malformed pragma without running the program', async () => {
    const h = harness();
    const outcome = await h.exec(`// @exec: {"yield_ms": 5}\nawait tools.write_file({ path: 'x', content: 'y' });`);
    expect(outcome).toMatchObject({ status: 'error', code: 'EXEC_SYNTAX' });
    expect(outcome.status === 'error' && outcome.message).toContain('unknown @exec pragma key "yield_ms"');
    expect(h.approvals).toHaveLength(0);
  });

  it.each([
    ['empty', ''],
    ['whitespace-only', '  \n\t \n'],
    ['pragma-only', '// @exec: {"yield_time_ms": 50}'],
    ['pragma and blank lines', '// @exec: {"max_output_tokens": 100}\n\n   \n'],
  ])('refuses %s input as INVALID_ARGS: exec expects JavaScript source', async (_name, input) => {
    const h = harness();
    const outcome = await h.exec(input);
    expect(outcome).toMatchObject({ status: 'error', code: 'INVALID_ARGS' });
    expect(text(outcome)).toContain('exec expects JavaScript source');
  });

  it('keeps media in order with the text around it, as produced', async () => {
    const h = harness();
    const png = 'iVBORw0KGgo=';
    const outcome = await h.exec(`text('caption one'); image({ mimeType: 'image/png', data: '${png}' }); text('caption two'); audio({ mimeType: 'audio/wav', data: 'AAAA' }); text('after'); return 3;`);
    const parts = outcome.output.wire.content.map((part) => (part.type === 'text' ? `text:${part.text.split('\n').slice(-1)[0] ?? ''}` : part.type));
    expect(parts).toEqual(['text:caption one', 'image', 'text:caption two', 'audio', 'text:Return value: 3']);
    expect(wireText(outcome.output.wire)).toMatch(/^Script completed in \d+ ms \(cell \d+\)\.\ncaption one/);
  });

  it('truncates to max_output_tokens keeping head and tail, never the header', async () => {
    const h = harness();
    const outcome = await h.exec(`// @exec: {"max_output_tokens": 40}\nfor (let i = 0; i < 400; i += 1) text('line ' + i);`);
    const wire = text(outcome);
    expect(wire).toMatch(/^Script completed in \d+ ms/);
    expect(wire).toContain('line 0');
    expect(wire).toContain('line 399');
    expect(wire).not.toContain('line 200\n');
    expect(wire).toMatch(/\[… output truncated: \d+ tokens, kept the first and last 40 …\]/);
  });

  it('cancelling the exec call stops the program and its nested calls', async () => {
    const h = harness();
    const controller = new AbortController();
    const pending = h.exec(`await tools.wait_for_abort({}); return 'never';`, { signal: controller.signal });
    await vi.waitFor(() => expect(h.waiting).toEqual(['exec_1:code:1']), { timeout: 10_000 });
    controller.abort();
    const outcome = await pending;
    expect(outcome.status).toBe('error');
    expect(h.aborted).toEqual(['exec_1:code:1']);
  });

  it('delivers hook context for the model once, through the exec result', async () => {
    const h = harness();
    h.runtime.onPostExecute((call) => (call.toolName === 'get_context_remaining' ? { modelContext: 'context is getting short' } : undefined));
    const outcome = await h.exec(`const r = await tools.get_context_remaining({}); return r.tokens_left;`);
    expect(text(outcome)).toContain('Note: context is getting short');
    expect(text(outcome).match(/context is getting short/g)).toHaveLength(1);
    expect(outcome.output.result.value).toMatchObject({ return_value: 9000 });
  });

  it('is not declared or callable in direct mode', async () => {
    const h = harness({ mode: 'direct' });
    expect(h.registry.wireView(h.registry.root).map((declaration) => declaration.name)).not.toContain('exec');
    const outcome = await h.exec('return 1');
    expect(outcome).toMatchObject({ status: 'error', code: 'UNKNOWN_TOOL' });
  });

  it('renders the exec description once per registry revision, and again after a registration', () => {
    const h = harness();
    let reads = 0;
    h.registry.register({
      kind: 'function',
      name: 'count_reads',
      get description() {
        reads += 1;
        return 'Counts how often its description is read.';
      },
      inputSchema: { type: 'object', properties: {} },
      execute: () => toolOutput({ result: null, wire: 'null' }),
    });
    const execDescription = () => h.registry.wireView(h.registry.root).find((declaration) => declaration.name === 'exec')?.description;
    const first = execDescription();
    expect(first).toContain('Counts how often its description is read.');
    const readsForOneRender = reads;
    expect(readsForOneRender).toBeGreaterThan(0);
    // The next model requests get the same text without rendering the bindings again.
    expect(execDescription()).toBe(first);
    expect(execDescription()).toBe(first);
    expect(reads).toBe(readsForOneRender);
    // A registration is a new revision: the description is rendered again, with the new tool.
    h.registry.register({ kind: 'function', name: 'added_later', description: 'Registered after the first request.', inputSchema: { type: 'object', properties: {} }, execute: () => toolOutput({ result: null, wire: 'null' }) });
    expect(execDescription()).toContain('function added_later(');
    expect(reads).toBe(2 * readsForOneRender);
    h.registry.unregister('added_later');
    expect(execDescription()).toBe(first);
  });

  it('describes the scope bindings in the exec declaration', () => {
    const h = harness();
    const exec = h.registry.wireView(h.registry.root).find((declaration) => declaration.name === 'exec');
    expect(exec?.kind).toBe('freeform');
    expect(exec?.description).toContain('function read_file(');
    expect(exec?.description).not.toContain('function ask_user_question(');
  });
});
