/**
 * Emscripten options that give every instance of the module the same environment, so that
 * preparing a realm allocates the same way in every process. At start-up the module copies
 * its environment into its heap before anything else is allocated there, and that
 * environment names the process's script (`_=<argv[1]>`) and, where `navigator` exists
 * (Node 21+, browsers), its language (`LANG`): a longer path or another locale moved every
 * later allocation, so a realm image (or a durable snapshot) taken in one process did not fit
 * another. `thisProgram` fixes the first; `navigator` is hidden from the module while it starts
 * (its `preRun`, its constructors and its `postRun` run in one synchronous stretch, so no
 * other code sees the change) for the second.
 */
export function fixedEnvironment(): { thisProgram: string; preRun: () => void; postRun: () => void } {
  let restore: (() => void) | undefined;
  return {
    thisProgram: 'toolcell',
    preRun: () => {
      const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
      if (descriptor === undefined && !('navigator' in globalThis)) return;
      Object.defineProperty(globalThis, 'navigator', { value: undefined, configurable: true, writable: true });
      restore = () => {
        if (descriptor === undefined) delete (globalThis as { navigator?: unknown }).navigator;
        else Object.defineProperty(globalThis, 'navigator', descriptor);
      };
    },
    postRun: () => {
      restore?.();
      restore = undefined;
    },
  };
}
