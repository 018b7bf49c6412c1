import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import type { Workspace } from './workspace.js';

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

/** `write_file`: create or replace a UTF-8 text file in the workspace. Needs approval. */
export function createWriteFileTool(workspace: Workspace): FunctionToolDefinition<WriteFileInput, WriteFileResult> {
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
      const file = workspace.resolve(input.path, context.toolName);
      const existed = await stat(file).then(
        (info) => {
          if (!info.isFile()) throw new Error(`${input.path} exists and is not a file.`);
          return true;
        },
        () => false,
      );
      if (input.create_directories ?? true) await mkdir(dirname(file), { recursive: true });
      await writeFile(file, input.content, { encoding: 'utf8', signal: context.signal });
      const bytes = Buffer.byteLength(input.content, 'utf8');
      const path = workspace.relative(file);
      return toolOutput({
        result: { path, bytes, created: !existed },
        wire: `${existed ? 'Replaced' : 'Created'} ${path} (${bytes} bytes).`,
      });
    },
  });
}
