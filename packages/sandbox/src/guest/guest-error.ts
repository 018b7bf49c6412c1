/** The classes of the errors the guest API throws. */
export type GuestErrorName = 'TypeError' | 'RangeError' | 'Error';

/**
 * An error a host function throws into the guest. It never reaches a user of the package:
 * the host functions rebuild it in the guest as an instance of the guest's own class of
 * that name, with the whole message (quickjs-emscripten would make any thrown host error a
 * plain `Error` named so, its message cut at the first NUL).
 */
export class GuestError extends Error {
  constructor(
    readonly guestName: GuestErrorName,
    message: string,
  ) {
    super(message);
    this.name = guestName;
  }
}

/** An error the guest sees as an instance of its own class `name`, with `message` whole. */
export function guestError(name: GuestErrorName, message: string): GuestError {
  return new GuestError(name, message);
}
