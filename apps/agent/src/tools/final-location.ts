import { readlinkSync, realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Links followed before a path is taken as a loop (Linux's own limit). */
const MAX_LINKS = 40;

/**
 * Where `absolute` finally lands: every symbolic link on the way followed, dangling ones
 * too (a link whose target does not exist yet is where a write through it would create
 * the file). Parts that do not exist are appended as they are.
 */
export function finalLocation(absolute: string): string {
  let path = absolute;
  for (let links = 0; links <= MAX_LINKS; links += 1) {
    const { real, missing } = longestRealPrefix(path);
    const [next, ...rest] = missing;
    if (next === undefined) return real;
    let target: string;
    try {
      target = readlinkSync(resolve(real, next));
    } catch {
      // Not a link: nothing below a missing part exists, so nothing further can redirect.
      return resolve(real, ...missing);
    }
    path = resolve(real, target, ...rest);
  }
  // A loop of links: any use fails with ELOOP; report it where it starts.
  return path;
}

/** The real path of the longest prefix of `absolute` that exists, and the parts after it. */
function longestRealPrefix(absolute: string): { real: string; missing: string[] } {
  let existing = absolute;
  const missing: string[] = [];
  for (;;) {
    try {
      return { real: realpathSync(existing), missing: missing.reverse() };
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return { real: existing, missing: missing.reverse() };
      missing.push(existing.slice(parent.length).replace(/^[\\/]/, ''));
      existing = parent;
    }
  }
}
