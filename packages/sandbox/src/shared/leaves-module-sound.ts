import type { ProgramError } from '../contract/program-result.js';

/** Failures after which the QuickJS module is still sound: the guest misbehaved, no limit was hit. */
const SOUND_FAILURE_CODES: ReadonlySet<string> = new Set(['EXEC_RUNTIME', 'EXEC_SYNTAX']);

/**
 * Whether a program that ended this way leaves its QuickJS module (and the process or thread
 * holding it) fit for another program. The guest decides it for its own module; a parent
 * checks it again, so a broken child cannot talk its way back into the pool.
 */
export function leavesModuleSound(ending: { readonly status: 'completed' | 'failed' | 'suspended'; readonly error?: ProgramError | undefined }): boolean {
  return ending.status !== 'failed' || SOUND_FAILURE_CODES.has(ending.error?.code ?? '');
}
