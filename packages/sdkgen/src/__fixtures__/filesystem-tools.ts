import type { ToolFixture } from './tool-fixture.js';

// Shaped like a filesystem MCP server: paths, head/tail, edits with dry runs, trees.
export const FILESYSTEM_TOOLS: readonly ToolFixture[] = [
  {
    name: 'read_text_file',
    description: 'Read a text file. Use head or tail to read only the first or last lines. Only works inside allowed directories.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        head: { type: 'number', description: 'If provided, returns only the first N lines of the file' },
        tail: { type: 'number', description: 'If provided, returns only the last N lines of the file' },
      },
      required: ['path'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
  },
  {
    name: 'read_multiple_files',
    description: 'Read several files at once. A file that cannot be read does not stop the others.',
    inputSchema: {
      type: 'object',
      properties: { paths: { type: 'array', items: { type: 'string' }, minItems: 1 } },
      required: ['paths'],
    },
  },
  {
    name: 'edit_file',
    description: 'Apply line-based edits to a text file and return a git-style diff.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        edits: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              oldText: { type: 'string', description: 'Text to search for - must match exactly' },
              newText: { type: 'string', description: 'Text to replace with' },
            },
            required: ['oldText', 'newText'],
            additionalProperties: false,
          },
        },
        dryRun: { type: 'boolean', default: false, description: 'Preview changes using git-style diff format' },
      },
      required: ['path', 'edits'],
    },
  },
  {
    name: 'directory_tree',
    description: 'Get a recursive tree view of files and directories as JSON.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    outputSchema: {
      type: 'array',
      items: { $ref: '#/$defs/Entry' },
      $defs: {
        Entry: {
          type: 'object',
          description: 'A file or a directory with its children.',
          properties: {
            name: { type: 'string' },
            type: { enum: ['file', 'directory'] },
            children: { type: 'array', items: { $ref: '#/$defs/Entry' } },
          },
          required: ['name', 'type'],
        },
      },
    },
  },
  {
    name: 'search_files',
    description: 'Recursively search for files and directories matching a glob pattern.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        pattern: { type: 'string' },
        excludePatterns: { type: 'array', items: { type: 'string' }, default: [] },
      },
      required: ['path', 'pattern'],
    },
  },
  {
    name: 'get_file_info',
    description: 'Retrieve metadata about a file or directory: size, times, type and permissions.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    outputSchema: {
      type: 'object',
      properties: {
        size: { type: 'integer', minimum: 0 },
        created: { type: 'string', format: 'date-time' },
        modified: { type: 'string', format: 'date-time' },
        isDirectory: { type: 'boolean' },
        permissions: { type: 'string', pattern: '^[0-7]{3}$' },
      },
      required: ['size', 'modified', 'isDirectory'],
    },
  },
];
