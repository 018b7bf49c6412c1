import type { Scope, ToolRegistry } from '@toolcell/registry';
import { LINE_BREAK, MAX_DESCRIPTION_CHARS, cutText, quotedName } from './display-bounds.js';

/** One section of the system prompt, identified so a prompt builder can order or replace it. */
export interface PromptSection {
  /** `tools:code-only`, or `tool:<canonical name>` for a tool's guidance. */
  readonly id: string;
  /**
   * The text; may be empty (the section exists but says nothing in this mode). A tool's
   * guidance is quoted under a line that names the tool, so it cannot pass for another
   * tool's section.
   */
  readonly text: string;
}

/** The id of the section that states how tools are reached in `code_mode_only`. */
export const CODE_ONLY_SECTION_ID = 'tools:code-only';

const CODE_ONLY_TEXT = [
  'Tools are reached only through `exec`: write a program that calls a tool as `await tools.<jsName>(args)` (the exec description and ALL_TOOLS give each jsName).',
  'A direct call of such a tool is refused with UNKNOWN_TOOL; only the tools declared to you directly can be called directly.',
  'Tool guidance below applies the same way to calls made from programs.',
].join(' ');

/**
 * A tool's guidance as its section shows it: a line naming the tool (escaped), then the
 * guidance cut at its bound, every line quoted with `> `. Only the first line of a section
 * comes from sdkgen, so guidance cannot start a line that reads as another tool's header,
 * section or signature.
 */
function guidanceText(name: string, guidance: string): string {
  const lines = cutText(guidance, MAX_DESCRIPTION_CHARS)
    .split(LINE_BREAK)
    .map((line) => (line.trimEnd() === '' ? '>' : `> ${line.trimEnd()}`));
  return [`Guidance for the tool ${quotedName(name)}:`, ...lines].join('\n');
}

/**
 * System-prompt sections for a scope: first `tools:code-only` (in `code_mode_only` it says
 * tools are reached only through `exec` and a direct call is refused; in `code_mode` it is
 * empty, since direct calls work there; in `direct` it is absent), then one `tool:<name>`
 * section per tool with `guidance` that the scope can use, directly or from programs, in
 * every mode, sorted by canonical name.
 */
export function systemPromptSections(registry: ToolRegistry, scope: Scope): PromptSection[] {
  const plan = registry.plan(scope);
  const sections: PromptSection[] = [];
  if (scope.mode === 'code_mode_only') sections.push({ id: CODE_ONLY_SECTION_ID, text: plan.execDeclared ? CODE_ONLY_TEXT : '' });
  if (scope.mode === 'code_mode') sections.push({ id: CODE_ONLY_SECTION_ID, text: '' });
  const programTools = plan.execDeclared ? plan.bindings.map((binding) => binding.tool) : [];
  const reachable = new Map([...plan.wire, ...programTools].map((tool) => [tool.name, tool]));
  for (const name of [...reachable.keys()].sort()) {
    const guidance = reachable.get(name)?.guidance?.trim();
    if (guidance) sections.push({ id: `tool:${name}`, text: guidanceText(name, guidance) });
  }
  return sections;
}
