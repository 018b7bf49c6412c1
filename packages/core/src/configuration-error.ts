import { ToolcellError } from './toolcell-error.js';

const MARKER = Symbol.for('toolcell.error.ConfigurationError');

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
  private readonly [MARKER] = true;
  override readonly name = '@toolcell/core/ConfigurationError';
  /** The setting at fault. */
  readonly setting: string;

  constructor(options: ConfigurationErrorOptions) {
    super({ code: 'INVALID_CONFIGURATION', message: `${options.setting}: ${options.message}`, cause: options.cause });
    this.setting = options.setting;
  }

  /** Whether `error` is a configuration error, from this or any other copy of the package. */
  static override isInstance(error: unknown): error is ConfigurationError {
    return ToolcellError.hasMarker(error, MARKER);
  }
}
