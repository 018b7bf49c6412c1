import type { AliasTable } from './alias-table.js';
import { MAX_NOTES_CHARS, MAX_SCHEMA_DESCRIPTION_CHARS, cutText } from './display-bounds.js';
import { inlineComment } from './type-syntax.js';

/**
 * A rendered type expression. Lines after the first are indented for the depth it was
 * rendered at. `notes` are comments not yet placed: the nearest property, alias or root
 * comment takes them.
 */
export interface TypeText {
  readonly text: string;
  /** How tightly the expression binds, for parentheses. */
  readonly precedence: 'union' | 'intersection' | 'primary';
  readonly notes: readonly string[];
  /** Rendered from `type` alone (a bare `string`, `Record<string, unknown>`): dropped next to richer members. */
  readonly trivial?: boolean;
}

/** What the recursive renderer carries. */
export interface RenderState {
  readonly aliases: AliasTable;
  /** Render a child schema at `depth`. */
  render(node: unknown, depth: number): TypeText;
}

/** Two spaces per level. */
export const indentOf = (depth: number): string => '  '.repeat(depth);

/** A primary type without notes. */
export const primary = (text: string, notes: readonly string[] = []): TypeText => ({ text, precedence: 'primary', notes });

/** The body of a comment: the description, then the notes in parentheses, each part cut at its bound. */
export function commentBody(description: unknown, notes: readonly string[]): string {
  const text = typeof description === 'string' ? cutText(description.trim(), MAX_SCHEMA_DESCRIPTION_CHARS) : '';
  if (notes.length === 0) return text;
  const noted = cutText(notes.join(', '), MAX_NOTES_CHARS);
  return text === '' ? noted : `${text} (${noted})`;
}

/** The type with its notes (and description) as a trailing inline comment, for positions without a doc comment. */
export function withInlineComment(type: TypeText, description?: unknown): TypeText {
  const body = commentBody(description, type.notes);
  if (body === '') return type;
  return { text: `${type.text} ${inlineComment(body)}`, precedence: type.precedence, notes: [] };
}

/** Parenthesize when `type` binds more loosely than the position needs. */
export function operand(type: TypeText, position: 'array' | 'intersection'): string {
  const needsParens =
    type.precedence === 'union' ||
    (position === 'array' && (type.precedence === 'intersection' || type.text.startsWith('-')));
  return needsParens ? `(${type.text})` : type.text;
}

function dedupe(members: readonly TypeText[]): TypeText[] {
  const seen = new Set<string>();
  return members.filter((member) => (seen.has(member.text) ? false : (seen.add(member.text), true)));
}

/** `A | B`, without duplicates; notes of the members are merged. */
export function unionOf(members: readonly TypeText[]): TypeText {
  const unique = dedupe(members);
  if (unique.length === 0) return primary('never');
  if (unique.length === 1 && unique[0]) return unique[0];
  // `unknown` absorbs every other member.
  if (unique.some((member) => member.text === 'unknown')) return primary('unknown', unique.flatMap((member) => member.notes));
  return { text: unique.map((member) => member.text).join(' | '), precedence: 'union', notes: unique.flatMap((member) => member.notes) };
}

/** `A & B`, without duplicates or `unknown` members. */
export function intersectionOf(members: readonly TypeText[]): TypeText {
  const unique = dedupe(members);
  const useful = unique.length > 1 ? unique.filter((member) => member.text !== 'unknown') : unique;
  if (useful.length === 0) return primary('unknown', unique.flatMap((member) => member.notes));
  if (useful.length === 1 && useful[0]) return { ...useful[0], notes: unique.flatMap((member) => member.notes) };
  return {
    text: useful.map((member) => operand(member, 'intersection')).join(' & '),
    precedence: 'intersection',
    notes: unique.flatMap((member) => member.notes),
  };
}
