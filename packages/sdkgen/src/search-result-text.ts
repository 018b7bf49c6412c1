import type { ToolSearchHit, ToolSearchResult } from './search-tools.js';

function hitText(hit: ToolSearchHit): string {
  const lines = [
    `## tools.${hit.jsName}${hit.name === hit.jsName ? '' : ` (tool "${hit.name}")`}`,
    hit.description.trim(),
    '',
    'Signature:',
    hit.signature,
  ];
  if (hit.inputSchema !== undefined) lines.push('', `Input JSON Schema: ${JSON.stringify(hit.inputSchema)}`);
  if (hit.outputSchema !== undefined) lines.push(`Output JSON Schema: ${JSON.stringify(hit.outputSchema)}`);
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
