import type { ToolDefinition } from '@toolcell/core';
import type { QuestionAsker } from './ask-user-question.js';
import { createAskUserQuestionTool } from './ask-user-question.js';
import type { DemoWorkspace } from './demo-workspace.js';
import type { ContextMeter } from './get-context-remaining.js';
import { createGetContextRemainingTool } from './get-context-remaining.js';
import { createListFilesTool } from './list-files.js';
import { createReadFileTool } from './read-file.js';
import { createSearchTextTool } from './search-text.js';
import { createWriteFileTool } from './write-file.js';

/** What the demo tools need from their host. */
export interface DemoToolsOptions {
  /** The directory the file tools act on (and are confined to). */
  readonly workspace: DemoWorkspace;
  /** Where `get_context_remaining` reads from. */
  readonly contextMeter: ContextMeter;
  /** How `ask_user_question` reaches the person. */
  readonly ask: QuestionAsker;
}

/** The canonical names of the demo tools, sorted. */
export const DEMO_TOOL_NAMES = [
  'ask_user_question',
  'get_context_remaining',
  'list_files',
  'read_file',
  'search_text',
  'write_file',
] as const;

/** Arguments that name a workspace path, per tool (what a confinement guard checks). */
export const PATH_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  list_files: ['path'],
  read_file: ['path'],
  search_text: ['path'],
  write_file: ['path'],
};

/** The six demo tools, in canonical-name order. */
export function createDemoTools(options: DemoToolsOptions): ToolDefinition[] {
  return [
    createAskUserQuestionTool(options.ask),
    createGetContextRemainingTool(options.contextMeter),
    createListFilesTool(options.workspace),
    createReadFileTool(options.workspace),
    createSearchTextTool(options.workspace),
    createWriteFileTool(options.workspace),
  ];
}
