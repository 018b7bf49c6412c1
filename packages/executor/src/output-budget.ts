import type { ToolOutput, WireContentPart } from '@toolcell/core';

/** The marker appended where wire text was cut. */
export function truncationMarker(cut: number, total: number, budget: number): string {
  return `[… ${cut} of ${total} characters cut to fit this tool's ${budget}-character output budget]`;
}

/**
 * Cut the wire text of `output` to `budget` characters (text parts in order; images and
 * audio are kept) and append a marker saying how much was cut. The typed result is
 * returned untouched: a program always gets the whole value.
 */
export function applyOutputBudget(output: ToolOutput, budget: number): ToolOutput {
  let total = 0;
  for (const part of output.wire.content) if (part.type === 'text') total += part.text.length;
  if (total <= budget) return output;
  const content: WireContentPart[] = [];
  let remaining = budget;
  let kept = 0;
  for (const part of output.wire.content) {
    if (part.type !== 'text') {
      content.push(part);
    } else if (part.text.length <= remaining) {
      content.push(part);
      remaining -= part.text.length;
      kept += part.text.length;
    } else if (remaining > 0) {
      let end = remaining;
      // Never split a surrogate pair: keep one character less instead.
      if (isHighSurrogate(part.text.charCodeAt(end - 1))) end -= 1;
      if (end > 0) content.push({ type: 'text', text: part.text.slice(0, end) });
      kept += end;
      remaining = 0;
    }
  }
  content.push({ type: 'text', text: truncationMarker(total - kept, total, budget) });
  return { result: output.result, wire: { projection: 'wire', content } };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
