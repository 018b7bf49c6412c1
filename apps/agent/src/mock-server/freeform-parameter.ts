/**
 * The argument name that carries a freeform input (an `exec` program) when the request
 * declared the tool as a JSON function: its only required string parameter, else `code`.
 */
export function freeformParameter(parameters: unknown): string {
  if (typeof parameters !== 'object' || parameters === null) return 'code';
  const { properties, required } = parameters as { properties?: Record<string, { type?: unknown }>; required?: unknown };
  const strings = Array.isArray(required)
    ? required.filter((name): name is string => typeof name === 'string' && properties?.[name]?.type === 'string')
    : [];
  return strings.length === 1 ? strings[0]! : 'code';
}

/** What a request body says about one tool name: a custom (freeform) tool or a function. */
export interface DeclaredTool {
  readonly kind: 'custom' | 'function';
  readonly parameters?: unknown;
}

/** Tools by name from a Chat Completions or Responses request body's `tools`. */
export function declaredTools(tools: unknown): Map<string, DeclaredTool> {
  const byName = new Map<string, DeclaredTool>();
  for (const tool of Array.isArray(tools) ? (tools as Record<string, unknown>[]) : []) {
    if (tool.type === 'custom') {
      const custom = (tool.custom ?? tool) as { name?: unknown };
      if (typeof custom.name === 'string') byName.set(custom.name, { kind: 'custom' });
    } else if (tool.type === 'function') {
      // Chat Completions nests the function; Responses does not.
      const fn = (tool.function ?? tool) as { name?: unknown; parameters?: unknown };
      if (typeof fn.name === 'string') byName.set(fn.name, { kind: 'function', parameters: fn.parameters });
    }
  }
  return byName;
}

/** The JSON argument text of a played call, mapping a freeform input onto its parameter. */
export function argumentText(call: { readonly arguments?: object; readonly input?: string }, declared: DeclaredTool | undefined): string {
  if (call.input === undefined) return JSON.stringify(call.arguments ?? {});
  return JSON.stringify({ [freeformParameter(declared?.parameters)]: call.input });
}
