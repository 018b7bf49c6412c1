import type { TextPart, TextResourcePart, ToolOutput, WireContentPart } from '@toolcell/core';

/** The marker appended where wire text was cut. */
export function truncationMarker(cut: number, total: number, budget: number): string {
  return `[… ${cut} of ${total} characters cut to fit this tool's ${budget}-character output budget]`;
}

/**
 * Cut the wire text of `output` to `budget` characters (text parts and the text of text
 * resources, in order; images, audio and blob resources are kept) and append a marker
 * saying how much was cut. A resource whose text is cut stays a resource part with the
 * text that fits; one with no room left is dropped. The typed result is returned
 * untouched: a program always gets the whole value.
 */
export function applyOutputBudget(output: ToolOutput, budget: number): ToolOutput {
  let total = 0;
  for (const part of output.wire.content) if (isCounted(part)) total += part.text.length;
  if (total <= budget) return output;
  const content: WireContentPart[] = [];
  let remaining = budget;
  let kept = 0;
  for (const part of output.wire.content) {
    if (!isCounted(part)) {
      content.push(part);
      continue;
    }
    const { text } = part;
    if (text.length <= remaining) {
      content.push(part);
      remaining -= text.length;
      kept += text.length;
    } else if (remaining > 0) {
      let end = remaining;
      // Never split a surrogate pair: keep one character less instead.
      if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
      if (end > 0) content.push(part.type === 'resource' ? { ...part, text: text.slice(0, end) } : { type: 'text', text: text.slice(0, end) });
      kept += end;
      remaining = 0;
    }
  }
  content.push({ type: 'text', text: truncationMarker(total - kept, total, budget) });
  return { result: output.result, wire: { projection: 'wire', content } };
}

/** Whether the budget counts the part's text: a text part's, a text resource's (not media or blobs). */
function isCounted(part: WireContentPart): part is TextPart | TextResourcePart {
  return part.type === 'text' || (part.type === 'resource' && part.blob === undefined);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
