import type { ToolcellErrorCode } from './error-codes.js';

// Where an error records the brands of its classes, nearest first: a frozen string array.
const BRANDS = Symbol.for('toolcell.error');

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
 * class answers only for itself and its subclasses
 * (`ToolFailure.isInstance(configurationError)` is false).
 *
 * A subclass declares its brand, `@toolcell/<package>/<ClassName>`, and inherits the rest:
 *
 * ```ts
 * class CellBusyError extends ToolcellError<'CELL_BUSY'> {
 *   static override readonly brand: string = '@toolcell/codemode/CellBusyError';
 * }
 * ```
 *
 * The constructor records on the error, under `Symbol.for('toolcell.error')`, the brands
 * of every class it is an instance of, and names it after the nearest one. A subclass that
 * declares no brand of its own still works in its own copy of the package: its
 * `isInstance` falls back to `instanceof`, so it never answers for another class's errors.
 */
export class ToolcellError<Code extends string = string> extends Error {
  /** This class's identity across copies of the package: `@toolcell/<package>/<ClassName>`. */
  static readonly brand: string = '@toolcell/core/ToolcellError';

  /** The nearest brand of the error's class (`@toolcell/core/ConfigurationError`). */
  override readonly name: string;
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
    const brands = brandsOf(new.target);
    Object.defineProperty(this, BRANDS, { value: brands });
    this.name = brands[0] ?? ToolcellError.brand;
    this.code = options.code;
    this.toolName = options.toolName;
    this.callId = options.callId;
    this.retryable = options.retryable ?? false;
  }

  /**
   * Whether `error` is an error of the class this is called on or of a subclass, from this
   * or any other copy of the package: `ToolcellError.isInstance` answers for every
   * toolcell error, `ToolFailure.isInstance` for tool failures only. Whatever `error` is,
   * it answers without throwing; called detached from its class (`list.filter(ToolFailure.isInstance)`)
   * it cannot know the class and throws a `TypeError`.
   */
  static isInstance<Class extends abstract new (...args: never) => ToolcellError>(this: Class, error: unknown): error is InstanceType<Class> {
    if (typeof this !== 'function') {
      throw new TypeError('isInstance must be called on an error class: ToolFailure.isInstance(error), or (error) => ToolFailure.isInstance(error) as a callback');
    }
    try {
      if (!Object.hasOwn(this, 'brand')) return error instanceof this;
      if (typeof error !== 'object' || error === null) return false;
      const brands: unknown = (error as Record<symbol, unknown>)[BRANDS];
      return Array.isArray(brands) && brands.includes((this as unknown as typeof ToolcellError).brand);
    } catch {
      return false;
    }
  }
}

// The own brands of `type` and its ancestors, nearest first.
function brandsOf(type: unknown): readonly string[] {
  const brands: string[] = [];
  for (let current = type; typeof current === 'function'; current = Object.getPrototypeOf(current)) {
    if (Object.hasOwn(current, 'brand')) {
      const brand: unknown = (current as { brand?: unknown }).brand;
      if (typeof brand === 'string') brands.push(brand);
    }
  }
  return Object.freeze(brands);
}
