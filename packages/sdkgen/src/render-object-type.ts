import { MAX_LITERAL_CHARS, MAX_PROPERTIES } from './display-bounds.js';
import { formatCount } from './exec-limits.js';
import { authoritativeNote } from './schema-notes.js';
import type { TypeText, RenderState } from './type-text.js';
import { commentBody, indentOf, primary, unionOf } from './type-text.js';
import { isOneLine, leadingComment, propertyKey, trailingComment } from './type-syntax.js';

// Objects whose one-line form is longer than this are spread over lines.
const ONE_LINE_LIMIT = 80;

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

interface Member {
  /** The comment body (description and notes); may be empty. */
  readonly comment: string;
  readonly line: string;
}

// A one-line comment goes at the end of a one-line member (cheapest); others go above it.
function memberText(member: Member, indent: string): string {
  if (member.comment !== '' && isOneLine(member.comment) && !member.line.includes('\n')) {
    return `${indent}${member.line}${trailingComment(member.comment)}`;
  }
  return `${leadingComment(member.comment, indent)}${indent}${member.line}`;
}

function indexSignature(schema: Record<string, unknown>, state: RenderState, depth: number): { value: TypeText; keyNote?: string } | undefined {
  const values: TypeText[] = [];
  const patterns = asRecord(schema['patternProperties']);
  const patternKeys = patterns ? Object.keys(patterns) : [];
  for (const key of patternKeys) values.push(state.render(patterns?.[key], depth));
  const additional = schema['additionalProperties'];
  if (additional !== undefined && additional !== false && !(additional === true && patternKeys.length === 0)) {
    values.push(state.render(additional, depth));
  }
  if (values.length === 0) return undefined;
  const keyNote = patternKeys.length > 0 && values.length === patternKeys.length ? `keys matching ${patternKeys.join(' or ')}` : undefined;
  return { value: unionOf(values), ...(keyNote === undefined ? {} : { keyNote }) };
}

/** An object type: properties (optional unless required), records from additional/pattern properties. */
export function renderObjectType(schema: Record<string, unknown>, state: RenderState, depth: number): TypeText {
  const properties = asRecord(schema['properties']) ?? {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter((name) => typeof name === 'string') : []);
  const memberIndent = indentOf(depth + 1);
  const members: Member[] = [];
  // Shown up to a bound (and names up to a length); the rest are counted in a closing comment.
  let hidden = 0;
  for (const [name, property] of Object.entries(properties)) {
    if (property === false) continue;
    if (members.length === MAX_PROPERTIES || name.length > MAX_LITERAL_CHARS) {
      hidden += 1;
      continue;
    }
    const type = state.render(property, depth + 1);
    const comment = commentBody(asRecord(property)?.['description'], type.notes);
    members.push({ comment, line: `${propertyKey(name)}${required.has(name) ? '' : '?'}: ${type.text};` });
  }
  for (const name of required) {
    if (Object.hasOwn(properties, name)) continue;
    if (members.length === MAX_PROPERTIES || name.length > MAX_LITERAL_CHARS) hidden += 1;
    else members.push({ comment: '', line: `${propertyKey(name)}: unknown;` });
  }
  const index = indexSignature(schema, state, depth + 1);
  if (members.length === 0) {
    if (index) {
      return primary(`Record<string, ${index.value.text}>`, [
        ...(index.keyNote ? [index.keyNote] : []),
        ...index.value.notes.map((note) => `values: ${note}`),
      ]);
    }
    return { ...primary(schema['additionalProperties'] === false ? 'Record<string, never>' : 'Record<string, unknown>'), trivial: true };
  }
  if (index) {
    members.push({ comment: commentBody(index.keyNote, index.value.notes), line: `[key: string]: ${index.value.text};` });
  }
  const oneLine = `{ ${members.map((member) => member.line.slice(0, -1)).join('; ')} }`;
  const fitsOneLine = hidden === 0 && members.every((member) => member.comment === '' && !member.line.includes('\n')) && oneLine.length <= ONE_LINE_LIMIT;
  if (fitsOneLine) return primary(oneLine);
  const more = hidden === 0 ? '' : `\n${leadingComment(authoritativeNote(`${formatCount(hidden)} more properties`), memberIndent).trimEnd()}`;
  const body = members.map((member) => memberText(member, memberIndent)).join('\n');
  return primary(`{\n${body}${more}\n${indentOf(depth)}}`);
}
