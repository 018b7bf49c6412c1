// Capture what a function throws, so tests can assert an error's class, code and message together.

/** The value `action` throws; fails the test if it returns normally. */
export function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw, but it returned');
}
