import type { ToolcellErrorCode } from './error-codes.js';

// Every toolcell error carries this marker; each class adds its own (see `hasMarker`).
const MARKER = Symbol.for('toolcell.error');

/** Constructor options of {@link ToolcellError}. */
export interface ToolcellErrorOptions<Code extends string = ToolcellErrorCode> {
  /**
   * The stable code; see `CALL_ERROR_CODES`, `EXEC_ERROR_CODES`, `HOST_ERROR_CODES`. A
   * subclass in another package may declare codes of its own (`MCP_*`, the app's codes).
   */
  readonly code: Code;
  /** What happened and what to do next. */
  readonly message: string;
  /** The canonical tool name involved, when there is one. */
  readonly toolName?: string;
  /** The call id involved, when there is one. */
  readonly callId?: string;
  /**
   * Whether the same request may succeed if repeated unchanged. Only a class that knows
   * (an MCP timeout, say) sets it; everything else is `false`.
   */
  readonly retryable?: boolean;
  /** The underlying error. */
  readonly cause?: unknown;
}

/**
 * The one base class of every error toolcell throws. Use the class's own `isInstance`
 * rather than `instanceof`: it works across duplicated copies of the package, and each
 * class answers only for itself (`ToolFailure.isInstance(configurationError)` is false).
 *
 * A subclass names itself `<package>/<ClassName>`, carries a marker
 * `Symbol.for('toolcell.error.<ClassName>')` and overrides `isInstance` with
 * {@link ToolcellError.hasMarker}.
 */
export class ToolcellError<Code extends string = string> extends Error {
  private readonly [MARKER] = true;
  override readonly name: string = '@toolcell/core/ToolcellError';
  /** The stable code. */
  readonly code: Code;
  /** The canonical tool name involved, when there is one. */
  readonly toolName: string | undefined;
  /** The call id involved, when there is one. */
  readonly callId: string | undefined;
  /** Whether the same request may succeed if repeated unchanged. */
  readonly retryable: boolean;

  constructor(options: ToolcellErrorOptions<Code>) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.toolName = options.toolName;
    this.callId = options.callId;
    this.retryable = options.retryable ?? false;
  }

  /** Whether `error` is a toolcell error of any class, from this or any other copy of the package. */
  static isInstance(error: unknown): error is ToolcellError {
    return ToolcellError.hasMarker(error, MARKER);
  }

  /** Whether `error` carries `marker` (a subclass's `Symbol.for` brand). */
  protected static hasMarker(error: unknown, marker: symbol): boolean {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }
}
