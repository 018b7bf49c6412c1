import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import type { MemoryEntry, MemoryFileSystem } from './memory-file-system.js';
import { normalizePath } from './memory-file-system.js';
import { simulatedLatency } from './simulated-latency.js';

/** Arguments of `list_files`. */
export type ListFilesInput = { path?: string; recursive?: boolean; max_entries?: number };

/** The typed result of `list_files`. */
export type ListFilesResult = { path: string; entries: MemoryEntry[]; truncated: boolean };

const DEFAULT_MAX_ENTRIES = 500;

/** `list_files` over the in-memory project: the app's declaration, the app's wire text. */
export function createListFilesTool(files: MemoryFileSystem, latencyMs: number): FunctionToolDefinition<ListFilesInput, ListFilesResult> {
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
      await simulatedLatency(latencyMs, context.signal);
      const root = normalizePath(input.path ?? '.');
      if (!files.isDirectory(root)) throw new Error(`${root} is not a directory; use list_files on a directory.`);
      const limit = input.max_entries ?? DEFAULT_MAX_ENTRIES;
      const all = files.list(root, input.recursive ?? true);
      const entries = all.slice(0, limit);
      const truncated = all.length > limit;
      const lines = entries.map((entry) => (entry.type === 'directory' ? `${entry.path}/` : `${entry.path} (${entry.size} bytes)`));
      const header = `${entries.length} entries under ${root}${truncated ? ` (truncated at ${limit})` : ''}`;
      return toolOutput({ result: { path: root, entries, truncated }, wire: [header, ...lines].join('\n') });
    },
  });
}
