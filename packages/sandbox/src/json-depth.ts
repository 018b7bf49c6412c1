/**
 * How deeply JSON crossing the sandbox boundary may nest (tool inputs and results, stored
 * and notified values, the cells snapshot). Deeper data is refused where it enters, so no
 * walk on either side needs more stack than this: QuickJS parses about 960 levels with
 * its smallest stack (16 KiB), and the host's own walks stay far from V8's limit.
 */
export const MAX_JSON_DEPTH = 512;

/**
 * Whether JSON `text` nests deeper than `maxDepth` arrays and objects. A linear scan of
 * the text (brackets inside strings do not count), without parsing it.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}
