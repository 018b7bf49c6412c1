import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import type { DemoWorkspace } from './demo-workspace.js';
import { decodeText, looksBinary, textLines } from './text-lines.js';

/** Arguments of `read_file`. */
export type ReadFileInput = {
  path: string;
  start_line?: number;
  end_line?: number;
};

/** The typed result of `read_file`. */
export type ReadFileResult = {
  path: string;
  content: string;
  start_line: number;
  end_line: number;
  total_lines: number;
};

/** Larger files are refused: the demo tools read source files, not data dumps. */
export const MAX_READ_BYTES = 1_000_000;

/** `read_file`: a text file (or a line range of it) from the workspace. */
export function createReadFileTool(workspace: DemoWorkspace): FunctionToolDefinition<ReadFileInput, ReadFileResult> {
  return defineTool<ReadFileInput, ReadFileResult>({
    kind: 'function',
    name: 'read_file',
    description:
      'Read a UTF-8 text file from the workspace, optionally only a range of lines (1-based, inclusive). The model sees numbered lines; programs get the raw text.',
    readOnly: true,
    outputBudget: 40_000,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File path relative to the workspace root.', minLength: 1 },
        start_line: { type: 'integer', minimum: 1, description: 'First line to read (default 1).' },
        end_line: { type: 'integer', minimum: 1, description: 'Last line to read (default: the end of the file).' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        content: { type: 'string', description: 'The text of the lines read, joined by "\\n".' },
        start_line: { type: 'integer' },
        end_line: { type: 'integer', description: '0 for an empty file.' },
        total_lines: { type: 'integer' },
      },
      required: ['path', 'content', 'start_line', 'end_line', 'total_lines'],
    },
    async execute(input, context) {
      const path = workspace.relativePath(input.path, context.toolName);
      const info = await workspace.stat(path);
      if (info?.type !== 'file') throw new Error(`${input.path} is not a file; use list_files to see what is there.`);
      if (info.size > MAX_READ_BYTES) {
        throw new Error(`${input.path} has ${info.size} bytes, more than read_file's limit of ${MAX_READ_BYTES}; use search_text instead.`);
      }
      const bytes = await workspace.readFile(path, { signal: context.signal, maxBytes: MAX_READ_BYTES });
      if (looksBinary(bytes)) throw new Error(`${input.path} is a binary file; read_file reads text only.`);
      const lines = textLines(decodeText(bytes));
      const start = input.start_line ?? 1;
      const end = Math.min(input.end_line ?? lines.length, lines.length);
      const selected = lines.slice(start - 1, end);
      const width = String(end).length;
      const numbered = selected.map((line, index) => `${String(start + index).padStart(width)}| ${line}`);
      const range = selected.length === 0 ? 'no lines' : `lines ${start}-${start + selected.length - 1}`;
      const header = `${path} (${range} of ${lines.length})`;
      return toolOutput({
        result: { path, content: selected.join('\n'), start_line: start, end_line: start + selected.length - 1, total_lines: lines.length },
        wire: [header, ...numbered].join('\n'),
      });
    },
  });
}
