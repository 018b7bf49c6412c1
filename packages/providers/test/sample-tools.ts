// The tools, declarations and outcomes the adapter tests share.
import { MODEL_SOURCE, errorOutcome, toDeclaration, toolOutput } from '@toolcell/core';
import type { CallOutcome, FreeformToolDeclaration, ToolCallRequest, ToolDeclaration, ToolDefinition, WireContentPart } from '@toolcell/core';

/** A 1×1 PNG. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The program the fixtures' `exec` calls carry. */
export const EXEC_CODE =
  "const [paris, tokyo] = await Promise.all([\n  tools.get_weather({ city: 'Paris' }),\n  tools.get_weather({ city: 'Tokyo' }),\n]);\ntext(`Paris ${paris.temperature}, Tokyo ${tokyo.temperature}`);";

/** Ordinary tools, as a registry holds them (with fields that must never reach the wire). */
export const registryTools: readonly ToolDefinition[] = [
  {
    kind: 'function',
    name: 'get_weather',
    description: 'Current weather for a city.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name, e.g. "Paris".' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['city'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { temperature: { type: 'number' } } },
    readOnly: true,
    timeoutMs: 5_000,
    guidance: 'Prefer celsius.',
    execute: () => toolOutput({ result: { temperature: 21 }, wire: '21 °C' }),
  },
  {
    kind: 'function',
    name: 'search_docs',
    description: 'Search the product documentation.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['query'] },
    needsApproval: true,
    execute: () => toolOutput({ result: [], wire: 'No results.' }),
  },
];

/** The `exec` declaration as Code Mode sends it. */
export const execDeclaration: FreeformToolDeclaration = {
  kind: 'freeform',
  name: 'exec',
  description: 'Run a JavaScript program that calls tools as `await tools.<name>(args)`.',
  jsonFallback: { parameter: 'code', description: 'The JavaScript program to run.' },
};

/** Direct mode's declarations: the registry's tools, projected. */
export const directDeclarations: readonly ToolDeclaration[] = registryTools.map((tool) => toDeclaration(tool));

/** Code mode's declarations: the ordinary tools and `exec`. */
export const codeModeDeclarations: readonly ToolDeclaration[] = [...directDeclarations, execDeclaration];

/** A successful outcome with text only. */
export function textOutcome(callId: string, text: string, toolName = 'get_weather'): CallOutcome {
  return { status: 'ok', callId, toolName, output: toolOutput({ result: text, wire: text }) };
}

/** A successful outcome with a caption and a PNG. */
export function imageOutcome(callId: string, toolName = 'get_weather'): CallOutcome {
  return {
    status: 'ok',
    callId,
    toolName,
    output: toolOutput({
      result: { chart: 'paris.png' },
      wire: [
        { type: 'text', text: 'Rendered chart of Paris temperatures.' },
        { type: 'image', mimeType: 'image/png', data: PNG_BASE64 },
      ],
    }),
  };
}

/** A successful outcome whose wire is `wire` (no typed result), with optional model context. */
export function wireOutcome(callId: string, toolName: string, wire: readonly WireContentPart[], modelContext?: readonly string[]): CallOutcome {
  return { status: 'ok', callId, toolName, output: toolOutput({ result: null, wire }), ...(modelContext === undefined ? {} : { modelContext }) };
}

/** A failed outcome (`EXECUTION_FAILED`). */
export function failedOutcome(callId: string, toolName = 'get_weather'): CallOutcome {
  return errorOutcome({ callId, toolName, code: 'EXECUTION_FAILED', message: 'The weather service timed out; try again in a minute.' });
}

/** A `get_weather` call for Paris the model made directly, as an adapter parsed it. */
export function weatherRequest(callId: string): ToolCallRequest {
  return { callId, name: 'get_weather', source: MODEL_SOURCE, args: { city: 'Paris' } };
}
