import type { JsonObject, ToolCallRequest } from '@toolcell/core';
import type { DeclarationIndex } from './declaration-index.js';
import type { SafeParseArgumentsResult } from './safe-parse-arguments.js';

/** What every adapter knows about a call once its arguments are read. */
export interface FunctionCallParts {
  readonly callId: string;
  readonly name: string;
  readonly arguments: SafeParseArgumentsResult;
  readonly source: ToolCallRequest['source'];
  readonly echo?: JsonObject;
}

/**
 * Build the request for a call that arrived as a JSON function call. A freeform tool that
 * went out as its JSON fallback (`exec` as `{ code }`) gets its string back as `input`.
 */
export function functionCallRequest(parts: FunctionCallParts, declarations: DeclarationIndex): ToolCallRequest {
  const { callId, name, source, echo } = parts;
  const base = echo === undefined ? { callId, name, source } : { callId, name, source, echo };
  if (!parts.arguments.success) return { ...base, argumentsError: parts.arguments.error };
  const declaration = declarations.get(name);
  if (declaration?.kind !== 'freeform') return { ...base, args: parts.arguments.value };
  const { parameter } = declaration.jsonFallback;
  const input = parts.arguments.value[parameter];
  if (typeof input !== 'string') {
    return {
      ...base,
      argumentsError: `${name} takes {"${parameter}": string}; the "${parameter}" field is missing or not a string.`,
    };
  }
  return { ...base, input };
}

/** Build the request for a call that arrived as a freeform (custom) tool call. */
export function freeformCallRequest(parts: Omit<FunctionCallParts, 'arguments'> & { readonly input: string }): ToolCallRequest {
  const { callId, name, source, echo, input } = parts;
  return echo === undefined ? { callId, name, source, input } : { callId, name, source, echo, input };
}
