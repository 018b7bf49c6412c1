import { MAX_DESCRIPTION_CHARS, MAX_SCHEMA_JSON_CHARS, cutText, escapedName, quotedName } from './display-bounds.js';
import type { ToolSearchHit, ToolSearchResult } from './search-tools.js';
import { boundedBlock } from './tool-listing.js';
import { leadingComment } from './type-syntax.js';

// One line of JSON (`JSON.stringify` escapes every line break but U+2028 and U+2029), cut at its bound.
const schemaJson = (schema: unknown): string =>
  cutText(JSON.stringify(schema).replace(/[\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16)}`), MAX_SCHEMA_JSON_CHARS);

// Only the header starts with `## ` and only the signature with `tools.`: the description is
// `//` lines, and names are escaped onto their line.
function hitText(hit: ToolSearchHit): string {
  const lines = [
    `## tools.${escapedName(hit.jsName)}${hit.name === hit.jsName ? '' : ` (tool ${quotedName(hit.name)})`}`,
    leadingComment(cutText(hit.description.trim(), MAX_DESCRIPTION_CHARS), '').trimEnd(),
    '',
    'Signature:',
    boundedBlock(hit.signature),
  ];
  if (hit.inputSchema !== undefined) lines.push('', `Input JSON Schema: ${schemaJson(hit.inputSchema)}`);
  if (hit.outputSchema !== undefined) lines.push(`Output JSON Schema: ${schemaJson(hit.outputSchema)}`);
  return lines.join('\n');
}

/** The wire projection of a `tool_search` result: what the model reads. */
export function searchResultText(result: ToolSearchResult): string {
  const parts: string[] = [];
  if (result.tools.length > 0) {
    const shown = result.tools.length;
    const count = result.totalMatches > shown ? `${shown} of ${result.totalMatches} matching tools` : `${shown} matching tool${shown === 1 ? '' : 's'}`;
    parts.push(`${count} for "${result.query}". ${result.usage}`);
    parts.push(...result.tools.map(hitText));
  }
  if (result.message !== undefined) parts.push(result.message);
  return parts.join('\n\n');
}
