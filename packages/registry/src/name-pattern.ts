/**
 * A tool-name pattern from an allowlist: an exact name, or a glob where `*` matches any
 * run of characters (`mcp__github__*`).
 */
export interface NamePattern {
  /** The entry as written. */
  readonly source: string;
  /** Whether the entry names one tool (no `*`). */
  readonly isExact: boolean;
  /** Whether a canonical tool name matches the entry. */
  matches(name: string): boolean;
}

/** Compile one allowlist entry. */
export function compileNamePattern(source: string): NamePattern {
  if (!source.includes('*')) {
    return { source, isExact: true, matches: (name) => name === source };
  }
  const escaped = source.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const regex = new RegExp(`^${escaped.join('.*')}$`);
  return { source, isExact: false, matches: (name) => regex.test(name) };
}
