import type { WireContentPart } from '@toolcell/core';
import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/**
 * MCP content → toolcell wire parts. Text, image and audio map one to one; resource
 * links and embedded resources become text (or an image / audio part for a media blob),
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
      if ('text' in resource) return { type: 'text', text: `[resource ${resource.uri}]\n${resource.text}` };
      const mimeType = resource.mimeType ?? 'application/octet-stream';
      if (mimeType.startsWith('image/')) return { type: 'image', mimeType, data: resource.blob };
      if (mimeType.startsWith('audio/')) return { type: 'audio', mimeType, data: resource.blob };
      return { type: 'text', text: `[resource ${resource.uri} (${mimeType}, base64)]\n${resource.blob}` };
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
