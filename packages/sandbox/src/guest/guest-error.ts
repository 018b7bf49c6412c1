/** An error the guest sees with this `name` (quickjs-emscripten transfers name and message). */
export function guestError(name: 'TypeError' | 'RangeError' | 'Error', message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}
