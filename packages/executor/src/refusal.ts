import type { CallErrorCode, CallOutcome, JsonSafetyViolation } from '@toolcell/core';
import { errorOutcome } from '@toolcell/core';
import type { ExecutionResolution, Scope } from '@toolcell/registry';
import { jsonPath } from './json-path.js';

/** A decision to end a call with an error before its tool runs. */
export interface Refusal {
  readonly code: CallErrorCode;
  readonly message: string;
}

/** The resolve-stage refusal for a resolution that does not let the tool run. */
export function refusalFor(resolution: Exclude<ExecutionResolution, { readonly type: 'callable' }>, name: string, scope: Scope): Refusal {
  switch (resolution.type) {
    case 'collapsed':
      return {
        code: 'UNKNOWN_TOOL',
        message:
          `"${name}" cannot be called directly in this session: it is available only from code. ` +
          `Call \`exec\` with a program that runs \`await tools.${resolution.jsName}(…)\`.`,
      };
    case 'unknown':
      return { code: 'UNKNOWN_TOOL', message: `There is no tool named "${name}". Use one of the tools you were given.` };
    case 'recursive':
      return {
        code: 'RECURSIVE_EXEC',
        message: `A program cannot call "${name}": code cannot start or wait on other code. Make the tool calls directly in this program.`,
      };
    case 'collided':
      return {
        code: 'NOT_CALLABLE',
        message:
          `"${name}" cannot be called from a program: its JS name \`${resolution.collision.jsName}\` belongs to ` +
          `"${resolution.collision.winner}". Call \`tools.${resolution.collision.jsName}\` only if you mean that tool.`,
      };
    case 'not_callable':
      return { code: 'NOT_CALLABLE', message: notCallableMessage(name, resolution.reason, scope) };
  }
}

function notCallableMessage(name: string, reason: 'direct_control' | 'hidden' | 'not_allowed' | 'no_code_mode', scope: Scope): string {
  switch (reason) {
    case 'direct_control':
      return `"${name}" controls the conversation and cannot be called from a program. End the program and call "${name}" as a tool call of its own.`;
    case 'hidden':
      return `"${name}" is a bridge tool and cannot be called from a program. Call the tool you need as \`tools.<name>(…)\` instead.`;
    case 'not_allowed':
      return `"${name}" is not allowed in scope "${scope.id}". Use a tool listed in ALL_TOOLS.`;
    case 'no_code_mode':
      return `Scope "${scope.id}" (mode ${scope.mode}) does not run programs, so "${name}" cannot be called from one. Call it directly.`;
  }
}

/** `ABORTED_BEFORE_DISPATCH`: the caller's signal was aborted when the call arrived. */
export function abortedBeforeDispatch(name: string): Refusal {
  return { code: 'ABORTED_BEFORE_DISPATCH', message: `The call of "${name}" was cancelled before it started; it did not run.` };
}

/** `INVALID_ARGS` for arguments that are not plain JSON (checked before the name resolves). */
export function notSerializable(name: string, violation: JsonSafetyViolation): Refusal {
  return {
    code: 'INVALID_ARGS',
    message:
      `TypeError: the arguments of "${name}" are not JSON-serializable: ${violation.reason} (at ${jsonPath(violation.path)}). ` +
      'Pass plain JSON: objects, arrays, strings, finite numbers, booleans and null.',
  };
}

/** The outcome of a call ended by `refusal`. */
export function refusalOutcome(call: { readonly callId: string; readonly toolName: string }, refusal: Refusal): CallOutcome {
  return errorOutcome({ callId: call.callId, toolName: call.toolName, code: refusal.code, message: refusal.message });
}

/** `DENIED`: a hook, guard or the approval handler refused the call (or failed). */
export function denied(message: string): Refusal {
  return { code: 'DENIED', message };
}
