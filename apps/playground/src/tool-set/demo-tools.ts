import type { ToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import { createListFilesTool } from './list-files.js';
import type { MemoryFileSystem } from './memory-file-system.js';
import { createReadFileTool } from './read-file.js';
import { createSearchTextTool } from './search-text.js';
import { createWriteFileTool } from './write-file.js';

/** How long each file tool waits, so parallel calls visibly overlap on the timeline. */
export const DEMO_LATENCY_MS = 40;

/** A fixed context meter: the playground has no model, so nothing fills the window. */
const CONTEXT_WINDOW = 128_000;

/**
 * The reference app's demo tools (minus `ask_user_question`, which needs a terminal),
 * with the app's names, schemas and wire text, over `files` instead of a directory.
 */
export function createDemoTools(files: MemoryFileSystem, latencyMs = DEMO_LATENCY_MS): ToolDefinition[] {
  return [
    defineTool<Record<string, never>, { tokens_left: number }>({
      kind: 'function',
      name: 'get_context_remaining',
      description: "How many tokens are left in the model's context window.",
      readOnly: true,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      outputSchema: { type: 'object', properties: { tokens_left: { type: 'integer', minimum: 0 } }, required: ['tokens_left'] },
      execute: () => toolOutput({ result: { tokens_left: CONTEXT_WINDOW }, wire: `${CONTEXT_WINDOW} tokens left` }),
    }),
    createListFilesTool(files, latencyMs),
    createReadFileTool(files, latencyMs),
    createSearchTextTool(files, latencyMs),
    createWriteFileTool(files, latencyMs),
  ];
}
