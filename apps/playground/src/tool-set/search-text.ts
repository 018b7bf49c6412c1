import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import type { MemoryFileSystem } from './memory-file-system.js';
import { normalizePath } from './memory-file-system.js';
import { simulatedLatency } from './simulated-latency.js';
import { textLines } from './text-lines.js';

/** Arguments of `search_text`. */
export type SearchTextInput = { pattern: string; path?: string; ignore_case?: boolean; max_results?: number };

/** One matching line. */
export type TextMatch = { path: string; line: number; text: string };

/** The typed result of `search_text`. */
export type SearchTextResult = { matches: TextMatch[]; files_searched: number; truncated: boolean };

const DEFAULT_MAX_RESULTS = 200;

/**
 * `search_text` over the in-memory project. It uses the browser's `RegExp` (the app uses
 * linear-time RE2): a pathological pattern can hold the worker, and the page's watchdog
 * ends the worker then.
 */
export function createSearchTextTool(files: MemoryFileSystem, latencyMs: number): FunctionToolDefinition<SearchTextInput, SearchTextResult> {
  return defineTool<SearchTextInput, SearchTextResult>({
    kind: 'function',
    name: 'search_text',
    description:
      'Search the text files under a workspace directory for lines matching a regular expression (JavaScript syntax). Results are sorted by path and line.',
    readOnly: true,
    outputBudget: 20_000,
    inputSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', minLength: 1, description: 'Regular expression source, without slashes.' },
        path: { type: 'string', description: 'File or directory relative to the workspace root.', default: '.' },
        ignore_case: { type: 'boolean', default: false },
        max_results: { type: 'integer', minimum: 1, maximum: 2000, default: DEFAULT_MAX_RESULTS },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        matches: {
          type: 'array',
          items: {
            type: 'object',
            properties: { path: { type: 'string' }, line: { type: 'integer', description: '1-based.' }, text: { type: 'string' } },
            required: ['path', 'line', 'text'],
          },
        },
        files_searched: { type: 'integer' },
        truncated: { type: 'boolean', description: 'Whether max_results cut the list.' },
      },
      required: ['matches', 'files_searched', 'truncated'],
    },
    async execute(input, context) {
      await simulatedLatency(latencyMs, context.signal);
      const expression = compilePattern(input.pattern, input.ignore_case ?? false);
      const start = normalizePath(input.path ?? '.');
      const paths = files.isDirectory(start) ? files.list(start, true).filter((entry) => entry.type === 'file').map((entry) => entry.path) : [start];
      const limit = input.max_results ?? DEFAULT_MAX_RESULTS;
      const matches: TextMatch[] = [];
      let truncated = false;
      for (const path of paths) {
        const text = files.read(path);
        if (text === undefined) throw new Error(`${input.path ?? '.'} does not exist.`);
        for (const [index, line] of textLines(text).entries()) {
          if (!expression.test(line)) continue;
          if (matches.length >= limit) {
            truncated = true;
            break;
          }
          matches.push({ path, line: index + 1, text: line });
        }
        if (truncated) break;
      }
      const header = `${matches.length} matching lines in ${paths.length} files${truncated ? ` (truncated at ${limit})` : ''}`;
      const lines = matches.map((match) => `${match.path}:${match.line}: ${match.text}`);
      return toolOutput({ result: { matches, files_searched: paths.length, truncated }, wire: [header, ...lines].join('\n') });
    },
  });
}

function compilePattern(pattern: string, ignoreCase: boolean): RegExp {
  try {
    return new RegExp(pattern, ignoreCase ? 'iu' : 'u');
  } catch (error) {
    throw new Error(`pattern is not a valid regular expression: ${(error as Error).message}`, { cause: error });
  }
}
