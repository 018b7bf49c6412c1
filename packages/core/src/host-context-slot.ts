/**
 * A private slot in a call's `hostContext`: what an adapter puts there (its framework's run)
 * only the same slot reads back, so a host context built by anyone else — or by a program's
 * arguments — is never mistaken for it.
 */
export interface HostContextSlot<T> {
  /** A host context that carries `value` in this slot. */
  wrap(value: T): object;
  /** The value this slot put in `hostContext`, or `undefined` for any other host context. */
  read(hostContext: unknown): T | undefined;
}

/** A slot keyed by `Symbol.for(name)`: the same name reads it across copies of a package. */
export function hostContextSlot<T>(name: string): HostContextSlot<T> {
  const key = Symbol.for(name);
  return {
    wrap: (value) => ({ [key]: value }),
    read: (hostContext) => (typeof hostContext === 'object' && hostContext !== null && key in hostContext ? (hostContext as Record<symbol, T>)[key] : undefined),
  };
}
