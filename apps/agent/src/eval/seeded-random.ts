/** A seeded pseudo-random source: the same seed gives the same fixtures on every machine. */
export interface SeededRandom {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  integer(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<Value>(values: readonly Value[]): Value;
}

/** mulberry32: tiny, fast and good enough for fixtures (not for anything secret). */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, integer, pick: (values) => values[integer(0, values.length - 1)]! };
}
