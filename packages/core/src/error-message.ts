// What errorMessage says of a thrown value that cannot be read at all.
const UNREADABLE = 'an error that cannot be described';

/**
 * The message of anything thrown, for a report or an outcome: an error's (or any object's)
 * string `message`, otherwise the value as `String` prints it (`Symbol(x)`, `42`,
 * `[object Object]`). It never throws: a hostile value — a throwing `message` getter or
 * `toString`, a revoked `Proxy`, an object without a prototype — gives a fixed description
 * instead, so the path that reports a failure cannot fail itself.
 *
 * @example
 * ```ts
 * try {
 *   JSON.parse('{');
 * } catch (error) {
 *   console.error(`could not read the settings: ${errorMessage(error)}`);
 * }
 * ```
 */
export function errorMessage(error: unknown): string {
  try {
    if ((typeof error === 'object' && error !== null) || typeof error === 'function') {
      const message: unknown = (error as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    }
  } catch {
    // An unreadable message: the printed form may still say something.
  }
  try {
    return String(error);
  } catch {
    return UNREADABLE;
  }
}
