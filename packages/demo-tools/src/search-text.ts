import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import { RE2JS } from 're2js';
import type { DemoWorkspace } from './demo-workspace.js';
import { MAX_READ_BYTES } from './read-file.js';
import { decodeText, looksBinary, textLines } from './text-lines.js';
import { walkWorkspace } from './workspace-paths.js';

/** Arguments of `search_text`. */
export type SearchTextInput = {
  pattern: string;
  path?: string;
  ignore_case?: boolean;
  max_results?: number;
};

/** One matching line. */
export type TextMatch = {
  path: string;
  line: number;
  text: string;
};

/** The typed result of `search_text`. */
export type SearchTextResult = {
  matches: TextMatch[];
  files_searched: number;
  truncated: boolean;
};

const DEFAULT_MAX_RESULTS = 200;

/** `search_text`: lines matching a regular expression, across the workspace's text files. */
export function createSearchTextTool(workspace: DemoWorkspace): FunctionToolDefinition<SearchTextInput, SearchTextResult> {
  return defineTool<SearchTextInput, SearchTextResult>({
    kind: 'function',
    name: 'search_text',
    description:
      'Search the text files under a workspace directory for lines matching a regular expression (RE2 syntax: like JavaScript, without backreferences or lookaround). Results are sorted by path and line.',
    readOnly: true,
    outputBudget: 20_000,
    inputSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', minLength: 1, description: 'RE2 regular expression source, without slashes.' },
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
      const expression = compilePattern(input.pattern, input.ignore_case ?? false);
      const start = workspace.relativePath(input.path ?? '.', context.toolName);
      const info = await workspace.stat(start);
      if (info === undefined) throw new Error(`${start} does not exist; use list_files to see what is there.`);
      if (info.type === 'other') throw new Error(`${start} is not a regular file or a directory; search_text reads neither FIFOs nor devices.`);
      const files = info.type === 'directory' ? await filesUnder(workspace, start, context.signal) : [{ path: start, size: info.size }];
      const limit = input.max_results ?? DEFAULT_MAX_RESULTS;
      const matches: TextMatch[] = [];
      let truncated = false;
      for (const { path, size } of files) {
        // The size is known before any byte is read: a large file is skipped unread.
        if (size > MAX_READ_BYTES) continue;
        const bytes = await readSearchable(workspace, path, context.signal);
        if (bytes === undefined || looksBinary(bytes)) continue;
        for (const [index, text] of textLines(decodeText(bytes)).entries()) {
          if (!expression.test(text)) continue;
          if (matches.length >= limit) {
            truncated = true;
            break;
          }
          matches.push({ path, line: index + 1, text });
        }
        if (truncated) break;
      }
      const header = `${matches.length} matching lines in ${files.length} files${truncated ? ` (truncated at ${limit})` : ''}`;
      const lines = matches.map((match) => `${match.path}:${match.line}: ${match.text}`);
      return toolOutput({ result: { matches, files_searched: files.length, truncated }, wire: [header, ...lines].join('\n') });
    },
  });
}

/**
 * The pattern in RE2JS, a linear-time engine: the pattern comes from a model or a program,
 * and a backtracking engine (`RegExp`) would let `(.*.*)*!` hold the host's event loop.
 */
function compilePattern(pattern: string, ignoreCase: boolean): RE2JS {
  try {
    return RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    throw new Error(
      `pattern is not a valid regular expression: ${(error as Error).message} (search_text uses RE2 syntax: no backreferences or lookaround).`,
      { cause: error },
    );
  }
}

/** A file of the search and its size when listed. */
interface ListedFile {
  readonly path: string;
  readonly size: number;
}

/** The files under `directory`, depth-first in name order. */
async function filesUnder(workspace: DemoWorkspace, directory: string, signal: AbortSignal): Promise<ListedFile[]> {
  const files: ListedFile[] = [];
  for await (const entry of walkWorkspace(workspace, directory, { recursive: true, signal })) {
    if (entry.type === 'file') files.push({ path: entry.path, size: entry.size });
  }
  return files;
}

/**
 * A listed file's bytes, or `undefined` when it can no longer be searched (it grew past
 * the limit, went away or became something other than a regular file since the listing):
 * one such file does not fail the search.
 */
async function readSearchable(workspace: DemoWorkspace, path: string, signal: AbortSignal): Promise<Uint8Array | undefined> {
  try {
    return await workspace.readFile(path, { signal, maxBytes: MAX_READ_BYTES });
  } catch (error) {
    signal.throwIfAborted();
    if (isWorkspaceEscape(error)) throw error;
    return undefined;
  }
}

/** Whether a read was refused for leaving the workspace (that is reported, not skipped). */
function isWorkspaceEscape(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'WORKSPACE_ESCAPE';
}
