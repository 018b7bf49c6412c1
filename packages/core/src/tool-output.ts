import type { JsonValue } from './json.js';

/** Plain text for the model. */
export interface TextPart {
  readonly type: 'text';
  readonly text: string;
}

/** An image for the model, base64-encoded. */
export interface ImagePart {
  readonly type: 'image';
  /** e.g. `image/png`. */
  readonly mimeType: string;
  /** Base64 data, no `data:` prefix. */
  readonly data: string;
}

/** Audio for the model, base64-encoded (adapters without audio render a note instead). */
export interface AudioPart {
  readonly type: 'audio';
  readonly mimeType: string;
  readonly data: string;
}

/**
 * A resource embedded in the output (MCP's embedded resource): a URI naming it and its
 * contents, exactly one of `text` or `blob`. Text counts as text wherever output is
 * budgeted; a blob counts like an image. Adapters whose provider has no resource type
 * render it with {@link resourceText}.
 */
export type ResourcePart = TextResourcePart | BlobResourcePart;

/** The fields every {@link ResourcePart} has. */
export interface ResourcePartBase {
  readonly type: 'resource';
  /** The resource's URI, e.g. `file:///notes/a.md`. */
  readonly uri: string;
  /** e.g. `text/markdown`; absent when the source did not say. */
  readonly mimeType?: string;
}

/** A {@link ResourcePart} whose contents are text. */
export interface TextResourcePart extends ResourcePartBase {
  readonly text: string;
  readonly blob?: undefined;
}

/** A {@link ResourcePart} whose contents are binary, base64-encoded. */
export interface BlobResourcePart extends ResourcePartBase {
  /** Base64 data, no `data:` prefix. */
  readonly blob: string;
  readonly text?: undefined;
}

/** One item of wire content. */
export type WireContentPart = TextPart | ImagePart | AudioPart | ResourcePart;

/**
 * What the model reads: the **wire projection** of a tool's output. A program never
 * receives this; it receives the {@link TypedResult}.
 */
export interface WireOutput {
  readonly projection: 'wire';
  readonly content: readonly WireContentPart[];
}

/**
 * What a program receives from `await tools.<name>(…)`: the **typed projection**, a JSON
 * value. The model never receives this directly.
 */
export interface TypedResult<Value extends JsonValue = JsonValue> {
  readonly projection: 'typed';
  readonly value: Value;
}

/**
 * A tool's output: two projections, produced side by side by the tool. Neither is derived
 * from the other by re-parsing — a tool that wants the model to read its JSON says so with
 * {@link jsonOutput}.
 */
export interface ToolOutput<Value extends JsonValue = JsonValue> {
  /** For programs (`exec`). */
  readonly result: TypedResult<Value>;
  /** For the model. */
  readonly wire: WireOutput;
}

/** Build a typed projection. */
export function typedResult<Value extends JsonValue>(value: Value): TypedResult<Value> {
  return { projection: 'typed', value };
}

/** Build a wire projection from text or parts. */
export function wireOutput(content: string | readonly WireContentPart[]): WireOutput {
  return { projection: 'wire', content: typeof content === 'string' ? [{ type: 'text', text: content }] : content };
}

/**
 * Build a tool output from its two projections.
 *
 * @example
 * {@includeCode ./core.examples.ts#toolOutput}
 */
export function toolOutput<Value extends JsonValue>(options: {
  readonly result: Value;
  readonly wire: string | readonly WireContentPart[];
}): ToolOutput<Value> {
  return { result: typedResult(options.result), wire: wireOutput(options.wire) };
}

/** An output whose typed result is `value` and whose wire text is its JSON. */
export function jsonOutput<Value extends JsonValue>(value: Value): ToolOutput<Value> {
  return { result: typedResult(value), wire: wireOutput(JSON.stringify(value, null, 2) ?? 'null') };
}

/** An output whose typed result and wire text are the same string. */
export function textOutput(text: string): ToolOutput<string> {
  return { result: typedResult(text), wire: wireOutput(text) };
}

/**
 * The text of a wire projection, joined by newlines: its text parts and its text resources
 * (as {@link resourceText} renders them); images, audio and blob resources are skipped.
 */
export function wireText(wire: WireOutput): string {
  return wire.content
    .flatMap((part) => {
      if (part.type === 'text') return [part.text];
      if (part.type === 'resource' && part.blob === undefined) return [resourceText(part)];
      return [];
    })
    .join('\n');
}

/**
 * A resource as text, for a reader with no resource type: `[resource <uri>]` and, on the
 * next line, its text; a blob is named with its MIME type and size, its bytes left out.
 */
export function resourceText(part: ResourcePart): string {
  if (part.blob === undefined) return `[resource ${part.uri}]\n${part.text}`;
  return `[resource ${part.uri} (${part.mimeType ?? 'application/octet-stream'}, ${base64Bytes(part.blob)} bytes, base64 not shown)]`;
}

/** The number of bytes base64 text decodes to. */
function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}
