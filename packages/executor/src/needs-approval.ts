import type { ToolDefinition } from '@toolcell/core';
import { CallContext } from './call-context.js';
import type { CallView } from './call-record.js';
import { isPromiseLike } from './is-promise-like.js';
import type { Refusal } from './refusal.js';
import { denied } from './refusal.js';

/**
 * Whether the approval stage runs for a call: the tool's `needsApproval` flag, or what its
 * function decides from the validated arguments and the call's context. A function that
 * throws, rejects or answers anything but a boolean refuses the call (fail closed).
 */
export function approvalNeeded(tool: ToolDefinition, record: CallView): boolean | Refusal | Promise<boolean | Refusal> {
  const decide = tool.needsApproval;
  if (typeof decide !== 'function') return decide === true;
  try {
    const returned = decide(record.args as Parameters<typeof decide>[0], new CallContext(record));
    return isPromiseLike(returned) ? Promise.resolve(returned).then(checked, undecided) : checked(returned);
  } catch (error) {
    return undecided(error);
  }
}

function checked(answer: unknown): boolean | Refusal {
  return typeof answer === 'boolean' ? answer : denied(`The tool's needsApproval answered ${typeof answer}, not a boolean, so the call was not run.`);
}

function undecided(error: unknown): Refusal {
  let message: string;
  try {
    message = error instanceof Error ? error.message : String(error);
  } catch {
    message = 'an error that cannot be described';
  }
  return denied(`Whether the call needs approval could not be decided, so it was not run: ${message}`);
}
