import type { CallOutcome, ResourcePart } from '@toolcell/core';
import { resourceText } from '@toolcell/core';

/** Text in a tool result. */
export interface TextResultPart {
  readonly type: 'text';
  readonly text: string;
}

/** An image in a tool result, of a type the provider accepts. */
export interface ImageResultPart<ImageType extends string = string> {
  readonly type: 'image';
  readonly mimeType: ImageType;
  /** Base64, no `data:` prefix. */
  readonly data: string;
}

/** A piece of a tool result in a form every adapter can carry. */
export type ResultPart<ImageType extends string = string> = TextResultPart | ImageResultPart<ImageType>;

/** What a provider's tool results can carry. */
export interface ResultCapabilities<ImageType extends string> {
  /** The provider's name, for the notes that stand in for media it cannot take. */
  readonly provider: string;
  /** Whether an image of this MIME type can go into a tool result. */
  supportsImage(mimeType: string): mimeType is ImageType;
}

/**
 * The wire projection of an outcome, followed by its one-time model context, as parts the
 * provider can carry. Media it cannot take (audio everywhere, some image types on some
 * providers) becomes a short note, so the model learns something was there. An embedded
 * resource becomes text on every provider (none of their tool results has a resource type;
 * Anthropic's document blocks are left unused to keep one rendering): `[resource <uri>]`
 * and its text, or, for a blob, the image it holds when the provider takes its type and a
 * note otherwise.
 */
export function resultParts<ImageType extends string>(
  outcome: CallOutcome,
  capabilities: ResultCapabilities<ImageType>,
): ResultPart<ImageType>[] {
  const parts: ResultPart<ImageType>[] = [];
  for (const part of outcome.output.wire.content) {
    if (part.type === 'text') {
      parts.push(part);
    } else if (part.type === 'resource') {
      parts.push(...resourceParts(part, capabilities));
    } else if (part.type === 'image' && capabilities.supportsImage(part.mimeType)) {
      parts.push({ type: 'image', mimeType: part.mimeType, data: part.data });
    } else {
      parts.push({ type: 'text', text: `[${part.type} omitted: ${capabilities.provider} tool results cannot carry ${part.mimeType}]` });
    }
  }
  for (const context of outcome.modelContext ?? []) parts.push({ type: 'text', text: context });
  return parts;
}

function resourceParts<ImageType extends string>(part: ResourcePart, capabilities: ResultCapabilities<ImageType>): ResultPart<ImageType>[] {
  if (part.blob === undefined) return [{ type: 'text', text: resourceText(part) }];
  const mimeType = part.mimeType ?? 'application/octet-stream';
  if (capabilities.supportsImage(mimeType)) return [{ type: 'text', text: `[resource ${part.uri}]` }, { type: 'image', mimeType, data: part.blob }];
  return [{ type: 'text', text: `[resource ${part.uri} omitted: ${capabilities.provider} tool results cannot carry ${mimeType}]` }];
}

/** The text parts joined by newlines (for providers whose result is one string). */
export function joinedText(parts: readonly ResultPart[]): string {
  return parts
    .filter((part): part is TextResultPart => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** A `data:` URL for a base64 image (how OpenAI takes inline images). */
export function dataUrl(part: ImageResultPart): string {
  return `data:${part.mimeType};base64,${part.data}`;
}

/** A type guard accepting the MIME types in `types`. */
export function imageTypeGuard<ImageType extends string>(types: readonly ImageType[]): (mimeType: string) => mimeType is ImageType {
  const accepted: ReadonlySet<string> = new Set(types);
  return (mimeType): mimeType is ImageType => accepted.has(mimeType);
}
