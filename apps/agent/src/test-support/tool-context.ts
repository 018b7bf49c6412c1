// Helpers for unit tests of the demo tools: a call context and a temporary workspace.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FunctionToolDefinition, JsonObject, JsonValue, ToolContext, ToolOutput } from '@toolcell/core';
import { MODEL_SOURCE } from '@toolcell/core';

export function toolContext(toolName: string): ToolContext {
  return { callId: `test-${toolName}`, toolName, source: MODEL_SOURCE, scopeId: 'root', signal: new AbortController().signal };
}

export async function runTool<Input extends JsonObject, Result extends JsonValue>(
  tool: FunctionToolDefinition<Input, Result>,
  input: Input,
): Promise<ToolOutput<Result>> {
  return tool.execute(input, toolContext(tool.name));
}

/** A temporary directory with `files` written into it; `dispose` removes it. */
export function temporaryDirectory(files: Record<string, string> = {}): { path: string; dispose(): void } {
  const path = mkdtempSync(join(tmpdir(), 'toolcell-test-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(path, name)), { recursive: true });
    writeFileSync(join(path, name), content);
  }
  return { path, dispose: () => rmSync(path, { recursive: true, force: true }) };
}

/** What search_text returns when it found `matches` (path, line, text) in `filesSearched` files, not truncated. */
export function searchFound(filesSearched: number, matches: Array<[path: string, line: number, text: string]>) {
  return { matches: matches.map(([path, line, text]) => ({ path, line, text })), files_searched: filesSearched, truncated: false };
}
