import type { WireOutput } from '@toolcell/core';
import { resourceText } from '@toolcell/core';

/**
 * The wire as one string, a function tool's output: text as is, an embedded resource as
 * `[resource <uri>]` and its text (a blob named, its bytes left out), media as a note.
 */
export function wireText(wire: WireOutput): string {
  return wire.content
    .map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'resource') return resourceText(part);
      return `[${part.type} ${part.mimeType}]`;
    })
    .join('');
}
