import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import type { Workspace } from './workspace.js';

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
/** Directories nobody wants listed. */
const SKIPPED = new Set(['.git', 'node_modules']);

/** `list_files`: the files under a workspace directory, sorted by path. */
export function createListFilesTool(workspace: Workspace): FunctionToolDefinition<ListFilesInput, ListFilesResult> {
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
      const directory = workspace.resolve(input.path ?? '.', context.toolName);
      const limit = input.max_entries ?? DEFAULT_MAX_ENTRIES;
      const entries: FileEntry[] = [];
      const truncated = await walk(directory, input.recursive ?? true, limit, entries, workspace, context.signal);
      entries.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
      const root = workspace.relative(directory);
      const lines = entries.map((entry) => (entry.type === 'directory' ? `${entry.path}/` : `${entry.path} (${entry.size} bytes)`));
      const header = `${entries.length} entries under ${root}${truncated ? ` (truncated at ${limit})` : ''}`;
      return toolOutput({ result: { path: root, entries, truncated }, wire: [header, ...lines].join('\n') });
    },
  });
}

/** Collect entries depth-first; returns whether the limit cut the walk short. */
async function walk(
  directory: string,
  recursive: boolean,
  limit: number,
  entries: FileEntry[],
  workspace: Workspace,
  signal: AbortSignal,
): Promise<boolean> {
  signal.throwIfAborted();
  const children = await readdir(directory, { withFileTypes: true });
  children.sort((left, right) => (left.name < right.name ? -1 : 1));
  for (const child of children) {
    if (SKIPPED.has(child.name) || child.isSymbolicLink()) continue;
    if (entries.length >= limit) return true;
    const absolute = join(directory, child.name);
    if (child.isDirectory()) {
      entries.push({ path: workspace.relative(absolute), type: 'directory', size: 0 });
      if (recursive && (await walk(absolute, recursive, limit, entries, workspace, signal))) return true;
    } else if (child.isFile()) {
      entries.push({ path: workspace.relative(absolute), type: 'file', size: (await stat(absolute)).size });
    }
  }
  return false;
}
