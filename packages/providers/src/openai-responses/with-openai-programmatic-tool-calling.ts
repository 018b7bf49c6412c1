import { assertCallableNames } from '../shared/assert-callable-names.js';
import type { Tool } from './openai-responses-api.js';

/** Options of {@link withOpenAIProgrammaticToolCalling}. */
export interface OpenAIProgrammaticToolCallingOptions {
  /** Names of the tools a hosted program may call (ordinary tools; not `exec`). */
  readonly callable: readonly string[];
  /** Whether the model may still call them directly too (default `true`). */
  readonly direct?: boolean;
}

/**
 * Turn on OpenAI programmatic tool calling for a tool list: the named function or custom
 * tools get `allowed_callers`, and the `programmatic_tool_calling` tool is added once.
 * Returns a new list; the one given (for example direct mode's) is left as it was.
 *
 * @throws {@link @toolcell/core!ConfigurationError} when a callable name is not a function or custom tool of the list.
 */
export function withOpenAIProgrammaticToolCalling(
  tools: readonly Tool[],
  options: OpenAIProgrammaticToolCallingOptions,
): Tool[] {
  const callable = new Set(options.callable);
  const allowedCallers: Array<'direct' | 'programmatic'> =
    options.direct === false ? ['programmatic'] : ['direct', 'programmatic'];
  const found = new Set<string>();
  const result = tools.map((tool): Tool => {
    if ((tool.type !== 'function' && tool.type !== 'custom') || !callable.has(tool.name)) return tool;
    found.add(tool.name);
    return { ...tool, allowed_callers: [...allowedCallers] };
  });
  assertCallableNames(options.callable, found, 'a function or custom tool');
  if (!result.some((tool) => tool.type === 'programmatic_tool_calling')) result.push({ type: 'programmatic_tool_calling' });
  return result;
}
