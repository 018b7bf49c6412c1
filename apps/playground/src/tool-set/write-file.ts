import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import type { MemoryFileSystem } from './memory-file-system.js';
import { normalizePath } from './memory-file-system.js';
import { simulatedLatency } from './simulated-latency.js';

/** Arguments of `write_file`. */
export type WriteFileInput = { path: string; content: string; create_directories?: boolean };

/** The typed result of `write_file`. */
export type WriteFileResult = { path: string; bytes: number; created: boolean };

/** `write_file` into the in-memory project. Needs approval, as in the app. */
export function createWriteFileTool(files: MemoryFileSystem, latencyMs: number): FunctionToolDefinition<WriteFileInput, WriteFileResult> {
  return defineTool<WriteFileInput, WriteFileResult>({
    kind: 'function',
    name: 'write_file',
    description: 'Create or replace a UTF-8 text file in the workspace. A person approves each write.',
    needsApproval: true,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', minLength: 1, description: 'File path relative to the workspace root.' },
        content: { type: 'string', description: 'The complete new content of the file.' },
        create_directories: { type: 'boolean', default: true, description: 'Create missing parent directories.' },
      },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        bytes: { type: 'integer', description: 'Bytes written.' },
        created: { type: 'boolean', description: 'True when the file did not exist before.' },
      },
      required: ['path', 'bytes', 'created'],
    },
    async execute(input, context) {
      await simulatedLatency(latencyMs, context.signal);
      const path = normalizePath(input.path);
      const existed = files.write(path, input.content);
      const bytes = new TextEncoder().encode(input.content).length;
      return toolOutput({ result: { path, bytes, created: !existed }, wire: `${existed ? 'Replaced' : 'Created'} ${path} (${bytes} bytes).` });
    },
  });
}
