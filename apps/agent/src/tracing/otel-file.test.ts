// `toolcell exec --otel-file FILE`: the OTLP/JSON lines parsed back into the span tree.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PROJECT_DIRECTORY } from '../demo/run-demo.js';
import { tracingRequest } from '../cli/tracing-request.js';
import { runCliCaptured } from '../test-support/run-cli-captured.js';

interface OtlpSpan {
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly traceId: string;
  readonly name: string;
  readonly status?: { readonly code?: number };
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly value: Record<string, unknown> }>;
}

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'toolcell-otel-'));
  cpSync(SAMPLE_PROJECT_DIRECTORY, join(root, 'workspace'), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(args: string[], stdin: string): Promise<number> {
  return (await runCliCaptured(args, { cwd: join(root, 'workspace'), stdin })).code;
}

/** Every span of every export request (one per line). */
function readSpans(file: string): OtlpSpan[] {
  const lines = readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
  expect(lines.length).toBeGreaterThan(0);
  return lines.flatMap((line) => {
    const request = JSON.parse(line) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> };
    return request.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
  });
}

function attribute(span: OtlpSpan, key: string): unknown {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value === undefined ? undefined : Object.values(value)[0];
}

describe('--otel-file', () => {
  it('writes the span tree of an exec program as OTLP/JSON lines', async () => {
    const file = join(root, 'trace.jsonl');
    const program = `
      await tools.list_files({ path: 'docs' });
      await Promise.all([tools.read_file({ path: 'README.md' }), tools.read_file({ path: 'package.json' })]);
      try { await tools.read_file({ path: '../outside.txt' }); } catch {}
      try { await tools.read_file({ nope: 1 }); } catch {}
      return 'done';`;
    expect(await cli(['exec', '-', '--otel-file', file], program)).toBe(0);
    const spans = readSpans(file);
    const command = spans.find((span) => span.name === 'toolcell exec');
    const exec = spans.find((span) => span.name === 'execute_tool exec');
    expect(command?.parentSpanId ?? '').toBe('');
    expect(exec?.parentSpanId).toBe(command?.spanId);
    const nested = spans.filter((span) => span.parentSpanId === exec?.spanId);
    expect(nested.map((span) => `${String(attribute(span, 'gen_ai.tool.call.id'))} ${span.name} ${String(attribute(span, 'toolcell.outcome.code') ?? 'ok')}`).sort()).toEqual([
      'exec_1:code:1 execute_tool list_files ok',
      'exec_1:code:2 execute_tool read_file ok',
      'exec_1:code:3 execute_tool read_file ok',
      'exec_1:code:4 execute_tool read_file DENIED',
      'exec_1:code:5 execute_tool read_file INVALID_ARGS',
    ]);
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    expect(attribute(exec as OtlpSpan, 'toolcell.exec.nested_calls')).toBe(5);
    expect(attribute(exec as OtlpSpan, 'toolcell.exec.status')).toBe('completed');
    // OTLP status code 2 is ERROR.
    expect(nested.filter((span) => span.status?.code === 2)).toHaveLength(2);
  });

  it('is asked for by --otel-file, else by OTEL_EXPORTER_OTLP_ENDPOINT, and only for commands that run tools', () => {
    const line = (command: 'exec' | 'inspect', values: Record<string, string> = {}) => ({ command, values, positionals: [] });
    expect(tracingRequest(line('exec', { 'otel-file': 't.jsonl' }), '/work', {})).toEqual({ type: 'file', path: '/work/t.jsonl' });
    expect(tracingRequest(line('exec'), '/work', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toEqual({ type: 'otlp-http' });
    expect(tracingRequest(line('exec'), '/work', {})).toBeUndefined();
    expect(tracingRequest(line('inspect'), '/work', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBeUndefined();
  });
});
