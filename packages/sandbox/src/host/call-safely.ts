import type { CallbackErrorReporter, HostCallbackName, RunProgramRequest } from '../contract/run-program-request.js';

/** The default {@link CallbackErrorReporter}: print it, and carry on. */
export const printCallbackError: CallbackErrorReporter = (error, context) => {
  console.error(`toolcell: the sandbox's ${context.callback} callback threw; the program went on.`, error);
};

/**
 * Call a host callback; what it throws is the host's problem, not the program's: it is
 * reported to `request.onCallbackError`, never swallowed, and the program goes on.
 */
export function callSafely(request: Pick<RunProgramRequest, 'onCallbackError'>, callback: HostCallbackName, call: () => void): void {
  try {
    call();
  } catch (error) {
    try {
      (request.onCallbackError ?? printCallbackError)(error, { callback });
    } catch {
      // The reporter itself failed; nothing is left to tell.
    }
  }
}
