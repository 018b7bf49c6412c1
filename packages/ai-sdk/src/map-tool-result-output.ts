import type { WireContentPart, WireOutput } from '@toolcell/core';
import { resourceText } from '@toolcell/core';
import type { Tool } from 'ai';

/** What a tool's `toModelOutput` returns: the AI SDK's tool-result content. */
export type ToolResultOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

type ContentPart = Extract<ToolResultOutput, { type: 'content' }>['value'][number];

/**
 * toolcell's wire projection → the AI SDK's tool-result content: text, and media as files.
 * An embedded resource becomes text (`[resource <uri>]` and its text); a blob resource
 * becomes that line and a file of its MIME type.
 */
export function toToolResultOutput(wire: WireOutput): ToolResultOutput {
  const parts = wire.content;
  if (parts.every((part) => part.type === 'text')) return { type: 'text', value: parts.map((part) => part.text).join('') };
  return { type: 'content', value: parts.flatMap(toContentParts) };
}

function toContentParts(part: WireContentPart): ContentPart[] {
  switch (part.type) {
    case 'text':
      return [{ type: 'text', text: part.text }];
    case 'image':
    case 'audio':
      return [fileContent(part.mimeType, part.data)];
    case 'resource':
      if (part.blob === undefined) return [{ type: 'text', text: resourceText(part) }];
      return [{ type: 'text', text: `[resource ${part.uri}]` }, fileContent(part.mimeType ?? 'application/octet-stream', part.blob)];
  }
}

function fileContent(mediaType: string, data: string): ContentPart {
  return { type: 'file', mediaType, data: { type: 'data', data } } as ContentPart;
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
