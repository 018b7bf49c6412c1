import { normalizeJsName } from './js-name.js';

/** Several canonical names that normalize to one JS name; only the winner is callable. */
export interface JsNameCollision {
  /** The shared JS name. */
  readonly jsName: string;
  /** The canonical name that keeps it. */
  readonly winner: string;
  /** The canonical names omitted from `tools` (sorted). */
  readonly losers: readonly string[];
  /** Why the winner won, for descriptions and logs. */
  readonly reason: 'exact-match' | 'lexicographic';
}

/** The outcome of assigning JS names to a set of canonical names. */
export interface JsNameAssignment {
  /** canonical name → JS name, for winners only. */
  readonly jsNameOf: ReadonlyMap<string, string>;
  /** JS name → canonical name. */
  readonly canonicalOf: ReadonlyMap<string, string>;
  /** Collisions, sorted by JS name. */
  readonly collisions: readonly JsNameCollision[];
  /** canonical name of a loser → its collision. */
  readonly lostBy: ReadonlyMap<string, JsNameCollision>;
}

const byCodeUnits = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0);

/**
 * Assign JS names. On a collision a canonical name that already *is* the JS name wins;
 * otherwise the lexicographically first (by UTF-16 code units, not locale) wins. The
 * result depends only on the set of names, never on their order.
 */
export function assignJsNames(canonicalNames: Iterable<string>): JsNameAssignment {
  const groups = new Map<string, string[]>();
  for (const name of new Set(canonicalNames)) {
    const jsName = normalizeJsName(name);
    const group = groups.get(jsName);
    if (group) group.push(name);
    else groups.set(jsName, [name]);
  }
  const jsNameOf = new Map<string, string>();
  const canonicalOf = new Map<string, string>();
  const collisions: JsNameCollision[] = [];
  const lostBy = new Map<string, JsNameCollision>();
  for (const jsName of [...groups.keys()].sort(byCodeUnits)) {
    const names = (groups.get(jsName) ?? []).sort(byCodeUnits);
    const exact = names.find((name) => name === jsName);
    const winner = exact ?? names[0];
    if (winner === undefined) continue;
    jsNameOf.set(winner, jsName);
    canonicalOf.set(jsName, winner);
    if (names.length > 1) {
      const collision: JsNameCollision = {
        jsName,
        winner,
        losers: names.filter((name) => name !== winner),
        reason: exact === undefined ? 'lexicographic' : 'exact-match',
      };
      collisions.push(collision);
      for (const loser of collision.losers) lostBy.set(loser, collision);
    }
  }
  return { jsNameOf, canonicalOf, collisions, lostBy };
}
