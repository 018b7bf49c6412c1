import type { WireContentPart, WireOutput } from '@toolcell/core';
import type { Tool } from 'ai';

/** What a tool's `toModelOutput` returns: the AI SDK's tool-result content. */
export type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

type ContentPart = Extract<ToolResultOutput, { type: 'content' }>['value'][number];

/** toolcell's wire projection → the AI SDK's tool-result content (text and images). */
export function toToolResultOutput(wire: WireOutput): ToolResultOutput {
  const parts = wire.content;
  if (parts.every((part) => part.type === 'text')) return { type: 'text', value: parts.map((part) => part.text).join('') };
  return { type: 'content', value: parts.map(toContentPart) };
}

function toContentPart(part: WireContentPart): ContentPart {
  if (part.type === 'text') return { type: 'text', text: part.text };
  return { type: 'file', mediaType: part.mimeType, data: { type: 'data', data: part.data } } as ContentPart;
}

/** The AI SDK's `toModelOutput` result → toolcell's wire content, for a nested tool that has one. */
export function fromToolResultOutput(output: ToolResultOutput): string | WireContentPart[] {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return `Execution denied${output.reason === undefined ? '' : `: ${output.reason}`}`;
    case 'content':
      return output.value.flatMap((part): WireContentPart[] => {
        if (part.type === 'text') return [{ type: 'text', text: part.text }];
        if (part.type === 'file' && part.data.type === 'data' && typeof part.data.data === 'string' && part.mediaType.startsWith('image/')) {
          return [{ type: 'image', mimeType: part.mediaType, data: part.data.data }];
        }
        return [{ type: 'text', text: JSON.stringify(part) }];
      });
    default:
      return JSON.stringify(output);
  }
}
