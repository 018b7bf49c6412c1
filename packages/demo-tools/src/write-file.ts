import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import type { DemoWorkspace } from './demo-workspace.js';

/** Arguments of `write_file`. */
export type WriteFileInput = {
  path: string;
  content: string;
  create_directories?: boolean;
};

/** The typed result of `write_file`. */
export type WriteFileResult = {
  path: string;
  bytes: number;
  created: boolean;
};

const encoder = new TextEncoder();

/** `write_file`: create or replace a UTF-8 text file in the workspace. Needs approval. */
export function createWriteFileTool(workspace: DemoWorkspace): FunctionToolDefinition<WriteFileInput, WriteFileResult> {
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
      const path = workspace.relativePath(input.path, context.toolName);
      const existing = await workspace.stat(path);
      if (existing !== undefined && existing.type !== 'file') throw new Error(`${input.path} exists and is not a file.`);
      await workspace.writeFile(path, input.content, { createDirectories: input.create_directories ?? true, signal: context.signal });
      const bytes = encoder.encode(input.content).length;
      return toolOutput({
        result: { path, bytes, created: existing === undefined },
        wire: `${existing ? 'Replaced' : 'Created'} ${path} (${bytes} bytes).`,
      });
    },
  });
}
