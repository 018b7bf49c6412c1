import type { ToolMode } from '@toolcell/core';
import type { ExecLimits } from './exec-limits.js';
import { formatBytes, formatCount, formatDuration } from './exec-limits.js';

// The fixed part of the `exec` description: the language, the calling convention, the
// globals and what is missing. Every request pays for it, so each line earns its place.

/** What the program is and how it ends. */
export function programSection(): string {
  return [
    'Program:',
    '- JavaScript or TypeScript (types are erased; enum, namespace and decorators are not supported). The tools are declared below in TypeScript; name their types as `Parameters<typeof tools.x>[0]` and `Awaited<ReturnType<typeof tools.x>>`.',
    '- The source is the body of an async function: use top-level `await`; `return` the result (as JSON: a Map, Set or Date is converted).',
    '- You receive what the program added with text() and the media helpers, then the returned value.',
  ].join('\n');
}

/** How tools are called from a program, and how their failures look. */
export function callingSection(mode: ToolMode): string {
  const lines = [
    'Calling tools:',
    '- `await tools.<jsName>(args)` resolves to the tool\'s typed result (JSON, not the text a direct call shows). Run independent calls together with `Promise.all`.',
    '- A failed, denied or cancelled call rejects with an Error carrying `code` (e.g. INVALID_ARGS, DENIED, TIMEOUT) and `callId`; catch it to recover. An uncaught error ends the program.',
    '- exec cannot call itself.',
  ];
  if (mode === 'code_mode_only') lines.push('- These tools are reachable only from programs: calling one of them directly is refused.');
  if (mode === 'code_mode') lines.push('- These tools can also be called directly; a program saves round trips when calls feed each other.');
  return lines.join('\n');
}

/** The guest's globals and limits, and what it does not have. */
export function globalsSection(limits: ExecLimits): string {
  return [
    'Globals:',
    `- text(value), console.log(...values): add text to the output (non-strings as JSON, or as Node prints them); at most ${formatCount(limits.maxTextChars)} characters.`,
    `- image(value), audio(value), generatedImage(value): add media (a data: URL, or { mimeType, data } in base64); at most ${formatCount(limits.maxMediaItems)} items, ${formatBytes(limits.maxMediaBytes)}.`,
    `- setTimeout(callback, ms), clearTimeout(id): at most ${formatCount(limits.maxTimers)} pending; pending timers do not keep the program alive.`,
    '- exit(): end the program now.',
    '- ALL_TOOLS: [{ name, jsName, description }] for every tool in `tools`.',
    `Limits: ${formatDuration(limits.cpuBudgetMs)} of CPU time (waiting for tools does not count), ${formatBytes(limits.memoryBytes)} of memory.`,
    'Not available: Node.js APIs, process, require, import (static or dynamic), filesystem, network, WebAssembly, Atomics, SharedArrayBuffer.',
  ].join('\n');
}

/** Cells: yielding, `wait`, stored values, notifications and the options pragma. */
export function cellsSection(): string {
  return [
    'Cells:',
    '- A program can outlive its exec call: exec returns early when the program calls yield_control() or after yield_time_ms, and the reply names the cell. Call wait with that cell id to read what it produced since (wait returns when the program yields, needs an approval or ends, or after its yield_time_ms), with terminate: true to stop it, or wait with list: true to list the live cells.',
    '- Set options in a first-line pragma: // @exec: {"yield_time_ms": 10000, "max_output_tokens": 4000} (yield after 10 s if still running, at most 3600000, one hour; cap the reply at 4,000 tokens).',
    '- store(key, value), load(key): keep JSON values between the programs of this session. A program sees the values stored when it started plus its own writes; its writes reach other programs when it finishes or throws (not when it yields, is cancelled or hits a limit).',
    '- notify(value): send a progress message to the conversation right away.',
  ].join('\n');
}
