/**
 * The message of something thrown, for an outcome. Never throws itself: a hostile error
 * (a throwing `message` getter or `toString`) must not break the path that reports it.
 */
export function messageOf(error: unknown): string {
  try {
    if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
      return (error as { message: string }).message;
    }
    return String(error);
  } catch {
    return 'an error that cannot be described';
  }
}
