import type { ToolcellErrorCode } from './error-codes.js';

const MARKER = Symbol.for('toolcell.error');

/** Constructor options of {@link ToolcellError}. */
export interface ToolcellErrorOptions {
  /** The stable code; see `CALL_ERROR_CODES`, `EXEC_ERROR_CODES`, `HOST_ERROR_CODES`. */
  readonly code: ToolcellErrorCode;
  /** What happened and what to do next. */
  readonly message: string;
  /** The canonical tool name involved, when there is one. */
  readonly toolName?: string;
  /** The call id involved, when there is one. */
  readonly callId?: string;
  /** Whether the same request may succeed if repeated unchanged. */
  readonly retryable?: boolean;
  /** The underlying error. */
  readonly cause?: unknown;
}

/**
 * The one base class of every error toolcell throws. Use {@link ToolcellError.isInstance}
 * rather than `instanceof`: it works across duplicated copies of the package.
 */
export class ToolcellError extends Error {
  private readonly [MARKER] = true;
  override readonly name: string = 'ToolcellError';
  /** The stable code. */
  readonly code: ToolcellErrorCode;
  /** The canonical tool name involved, when there is one. */
  readonly toolName: string | undefined;
  /** The call id involved, when there is one. */
  readonly callId: string | undefined;
  /** Whether the same request may succeed if repeated unchanged. */
  readonly retryable: boolean;

  constructor(options: ToolcellErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.toolName = options.toolName;
    this.callId = options.callId;
    this.retryable = options.retryable ?? false;
  }

  /** Whether `error` is a toolcell error, from this or any other copy of the package. */
  static isInstance(error: unknown): error is ToolcellError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
