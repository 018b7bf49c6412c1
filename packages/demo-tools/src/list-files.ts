import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import type { DemoWorkspace } from './demo-workspace.js';
import { walkWorkspace } from './workspace-paths.js';

/** Arguments of `list_files`. */
export type ListFilesInput = {
  path?: string;
  recursive?: boolean;
  max_entries?: number;
};

/** One entry `list_files` returns. */
export type FileEntry = {
  path: string;
  type: 'file' | 'directory';
  size: number;
};

/** The typed result of `list_files`. */
export type ListFilesResult = {
  path: string;
  entries: FileEntry[];
  truncated: boolean;
};

const DEFAULT_MAX_ENTRIES = 500;

/** `list_files`: the files under a workspace directory, sorted by path. */
export function createListFilesTool(workspace: DemoWorkspace): FunctionToolDefinition<ListFilesInput, ListFilesResult> {
  return defineTool<ListFilesInput, ListFilesResult>({
    kind: 'function',
    name: 'list_files',
    description:
      'List files and directories under a workspace directory (recursively by default), sorted by path. Paths are relative to the workspace root.',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Directory relative to the workspace root.', default: '.' },
        recursive: { type: 'boolean', description: 'Descend into subdirectories.', default: true },
        max_entries: { type: 'integer', minimum: 1, maximum: 5000, default: DEFAULT_MAX_ENTRIES },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The directory listed.' },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              path: { type: 'string' },
              type: { enum: ['file', 'directory'] },
              size: { type: 'integer', description: 'Bytes (0 for directories).' },
            },
            required: ['path', 'type', 'size'],
          },
        },
        truncated: { type: 'boolean', description: 'Whether max_entries cut the listing.' },
      },
      required: ['path', 'entries', 'truncated'],
    },
    async execute(input, context) {
      const root = workspace.relativePath(input.path ?? '.', context.toolName);
      if ((await workspace.stat(root))?.type !== 'directory') throw new Error(`${root} is not a directory; use list_files on a directory.`);
      const limit = input.max_entries ?? DEFAULT_MAX_ENTRIES;
      const entries: FileEntry[] = [];
      let truncated = false;
      for await (const entry of walkWorkspace(workspace, root, { recursive: input.recursive ?? true, signal: context.signal })) {
        if (entries.length >= limit) {
          truncated = true;
          break;
        }
        entries.push(entry.type === 'file' ? entry : { ...entry, size: 0 });
      }
      entries.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
      const lines = entries.map((entry) => (entry.type === 'directory' ? `${entry.path}/` : `${entry.path} (${entry.size} bytes)`));
      const header = `${entries.length} entries under ${root}${truncated ? ` (truncated at ${limit})` : ''}`;
      return toolOutput({ result: { path: root, entries, truncated }, wire: [header, ...lines].join('\n') });
    },
  });
}
