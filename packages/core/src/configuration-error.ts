import { ToolcellError } from './toolcell-error.js';

/** Constructor options of {@link ConfigurationError}. */
export interface ConfigurationErrorOptions {
  /** The setting at fault, as a dotted path (`tools.mode`, `scopes.reviewer.allow`). */
  readonly setting: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
  /** The underlying error. */
  readonly cause?: unknown;
}

/**
 * A setting that cannot work (an unknown mode, an allowlist naming a missing tool,
 * `code_mode_only` on a backend that can only call tools directly). Thrown when the
 * configuration is applied, before anything runs.
 */
export class ConfigurationError extends ToolcellError<'INVALID_CONFIGURATION'> {
  static override readonly brand: string = '@toolcell/core/ConfigurationError';

  /** The setting at fault. */
  readonly setting: string;

  constructor(options: ConfigurationErrorOptions) {
    super({ code: 'INVALID_CONFIGURATION', message: `${options.setting}: ${options.message}`, cause: options.cause });
    this.setting = options.setting;
  }
}
