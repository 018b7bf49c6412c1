import { ConfigurationError } from '@toolcell/core';
import type { SandboxLimits } from '@toolcell/sandbox';
import type { CodeModeOptions } from './code-mode-options.js';

/**
 * The sandbox limits of every program, resolved and checked once, when `CodeMode` is
 * built, by the transport (its own limits, then `options.limits`, under its own rules):
 * the one set that each run is given and that the `exec` description states (a
 * `SandboxLimits` is what sdkgen's `ExecLimits` asks for, under the same names).
 *
 * @throws ConfigurationError naming the limit (`limits.<name>`), its value and its range;
 *   or for `cells.maxStoredBytes`, which is `limits.maxStoredBytes` now.
 */
export function resolveCodeModeLimits(options: Pick<CodeModeOptions, 'transport' | 'limits' | 'cells'>): SandboxLimits {
  // Typed callers get a compile error; this catches the untyped ones, whose cap would
  // otherwise be ignored without a word.
  if (typeof options.cells === 'object' && Object.hasOwn(options.cells, 'maxStoredBytes')) {
    throw new ConfigurationError({ setting: 'codeMode.cells.maxStoredBytes', message: 'set it as limits.maxStoredBytes; each limit has one place.' });
  }
  return options.transport.resolveLimits(options.limits);
}
