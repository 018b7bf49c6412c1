import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_PROJECT_DIRECTORY, runDemo } from './run-demo.js';
import { extractTodos, formatTodoReport } from './todo-report.js';
import { renderComparison } from './render-comparison.js';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the demo', () => {
  it('writes the same TODO report in direct and code_mode_only, with fewer requests and tokens in code mode', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolcell-demo-test-'));
    roots.push(root);
    const result = await runDemo({ transcriptFor: () => () => undefined, root });
    const expected = formatTodoReport(
      filesUnder(SAMPLE_PROJECT_DIRECTORY).flatMap((file) =>
        extractTodos(relative(SAMPLE_PROJECT_DIRECTORY, file).split(sep).join('/'), readFileSync(file, 'utf8').split('\n')),
      ),
    );
    expect(result.identical).toBe(true);
    const [direct, code] = result.runs;
    expect(direct?.report).toBe(expected);
    expect(code?.report).toBe(expected);
    expect(readFileSync(code!.reportPath, 'utf8')).toBe(readFileSync(direct!.reportPath, 'utf8'));
    const files = filesUnder(SAMPLE_PROJECT_DIRECTORY).length;
    expect(direct).toMatchObject({ mode: 'direct', toolTurns: files + 2, requests: files + 3, modelCalls: files + 2, nestedCalls: 0 });
    expect(code).toMatchObject({ mode: 'code_mode_only', toolTurns: 1, requests: 2, modelCalls: 1, nestedCalls: files + 2 });
    expect(code!.tokens).toBeLessThan(direct!.tokens);
    const table = renderComparison(result);
    expect(table).toContain(`report (direct): ${direct!.reportPath}`);
    expect(table).toContain(`Both runs wrote the same report (${Buffer.byteLength(expected)} bytes).`);
  });
});
