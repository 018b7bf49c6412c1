import { assertCallableNames } from '../shared/assert-callable-names.js';
import type { AnthropicCodeExecutionVersion, ToolUnion } from './anthropic-api.js';

/** Options of {@link withAnthropicProgrammaticToolCalling}. */
export interface AnthropicProgrammaticToolCallingOptions {
  /** Names of the tools code execution may call (ordinary tools; not `exec`). */
  readonly callable: readonly string[];
  /** The code-execution tool version to add and allow (default `code_execution_20250825`). */
  readonly codeExecution?: AnthropicCodeExecutionVersion;
  /** Whether the model may still call them directly too (default `true`). */
  readonly direct?: boolean;
}

/**
 * Turn on Anthropic programmatic tool calling for a tool list: the named client tools get
 * `allowed_callers`, and the code-execution tool is added unless the list has one. Returns
 * a new list; the one given (for example direct mode's) is left as it was.
 *
 * @throws {@link @toolcell/core!ConfigurationError} when a callable name is not a client tool of the list.
 */
export function withAnthropicProgrammaticToolCalling(
  tools: readonly ToolUnion[],
  options: AnthropicProgrammaticToolCallingOptions,
): ToolUnion[] {
  const version = options.codeExecution ?? 'code_execution_20250825';
  const callable = new Set(options.callable);
  const found = new Set<string>();
  const result = tools.map((tool): ToolUnion => {
    if (!('input_schema' in tool) || !callable.has(tool.name)) return tool;
    found.add(tool.name);
    return { ...tool, allowed_callers: options.direct === false ? [version] : ['direct', version] };
  });
  assertCallableNames(options.callable, found, 'a client tool');
  const hasCodeExecution = result.some((tool) => tool.type?.startsWith('code_execution_'));
  if (!hasCodeExecution) result.push({ type: version, name: 'code_execution' });
  return result;
}
