/**
 * Whether `value` is a whole number of at least `minimum` (default 0) that JavaScript
 * counts exactly: a safe integer, so `1.5`, `NaN`, `Infinity`, `2 ** 53` and anything but
 * a number are not. For counts, sizes and limits in settings and arguments.
 *
 * @example
 * ```ts
 * isWholeNumber(3); // true
 * isWholeNumber(0, 1); // false: at least 1 is asked for
 * isWholeNumber(1.5); // false
 * ```
 */
export function isWholeNumber(value: unknown, minimum = 0): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= minimum;
}
