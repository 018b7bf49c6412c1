import type { WireContentPart } from '@toolcell/core';
import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/**
 * MCP content → toolcell wire parts. Text, image, audio and embedded resources map one to
 * one (a resource keeps its URI, MIME type and text or blob); a resource link becomes text,
 * so nothing the server sent is lost on the way to the model.
 */
export function mapMcpContent(content: readonly ContentBlock[]): WireContentPart[] {
  return content.map(mapBlock);
}

function mapBlock(block: ContentBlock): WireContentPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
      return { type: 'image', mimeType: block.mimeType, data: block.data };
    case 'audio':
      return { type: 'audio', mimeType: block.mimeType, data: block.data };
    case 'resource_link': {
      const about = [block.mimeType, block.description].filter((item) => item !== undefined).join(', ');
      return { type: 'text', text: `[resource link] ${block.name} <${block.uri}>${about === '' ? '' : ` (${about})`}` };
    }
    case 'resource': {
      const { resource } = block;
      const about = { type: 'resource', uri: resource.uri, ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }) } as const;
      return 'text' in resource ? { ...about, text: resource.text } : { ...about, blob: resource.blob };
    }
  }
}

/** The text blocks of MCP content, joined by newlines. */
export function joinedText(content: readonly ContentBlock[]): string {
  return content
    .filter((block) => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}
