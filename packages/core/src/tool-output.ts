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

/** One item of wire content. */
export type WireContentPart = TextPart | ImagePart | AudioPart;

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

/** The text parts of a wire projection, joined by newlines (images and audio skipped). */
export function wireText(wire: WireOutput): string {
  return wire.content
    .filter((part): part is TextPart => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}
