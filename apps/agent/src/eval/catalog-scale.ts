import type { ToolDefinition, ToolMode } from '@toolcell/core';
import { jsonOutput } from '@toolcell/core';
import { CodeMode } from '@toolcell/codemode';
import { ToolRuntime } from '@toolcell/executor';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { createToolSearchTool, loadTokenCounter } from '@toolcell/sdkgen';

/** The catalog sizes the check measures. */
export const CATALOG_SIZES = [10, 100, 500, 2_500] as const;

/** Initial declaration tokens of one synthetic catalog, per way of exposing it. */
export interface CatalogScaleRow {
  readonly tools: number;
  /** Every tool declared to the model. */
  readonly direct: number;
  /** `code_mode_only`: one `exec` whose description holds every signature. */
  readonly codeModeOnly: number;
  /** `code_mode_only` with lazy discovery: `exec` plus `tool_search`, no signatures. */
  readonly lazy: number;
}

const SERVICES = ['billing', 'crm', 'tickets', 'inventory', 'shipping', 'hr', 'calendar', 'docs', 'chat', 'analytics'];
const VERBS = ['get', 'list', 'create', 'update', 'archive'];

/** A plausible tool: a name, a sentence, three typed parameters and a result schema. */
function syntheticTool(index: number): ToolDefinition {
  const service = SERVICES[index % SERVICES.length]!;
  const verb = VERBS[Math.floor(index / SERVICES.length) % VERBS.length]!;
  return {
    kind: 'function',
    name: `${service}_${verb}_${index}`,
    description: `${verb[0]!.toUpperCase()}${verb.slice(1)} ${service} record set ${index}: filters by owner and date, pages through results.`,
    readOnly: verb === 'get' || verb === 'list',
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Record id.' },
        owner: { type: 'string', description: 'Owner email.' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
      },
      required: ['id'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' } }, required: ['id', 'status'] },
    execute: () => jsonOutput({ id: String(index), status: 'ok' }),
  };
}

async function declarationTokens(size: number, mode: ToolMode, lazy: boolean): Promise<number> {
  const registry = new ToolRegistry({ mode, root: { search: lazy ? { eager: [] } : false } });
  for (let index = 0; index < size; index += 1) registry.register(syntheticTool(index));
  // The declarations are all this measures: a transport that never runs a program.
  const transport = createInProcessTransport({ prewarm: false });
  try {
    if (mode !== 'direct') {
      if (lazy) registry.register(createToolSearchTool(registry));
      new CodeMode({ registry, runtime: new ToolRuntime({ registry }), transport }).install();
    }
    const countTokens = await loadTokenCounter();
    return countTokens(JSON.stringify(openaiChatAdapter.toTools(registry.wireView(registry.root))));
  } finally {
    await transport.close();
  }
}

/** Tokens of the first request's tool declarations (OpenAI Chat format, o200k) per catalog size. */
export async function measureCatalogScale(sizes: readonly number[] = CATALOG_SIZES): Promise<CatalogScaleRow[]> {
  const rows: CatalogScaleRow[] = [];
  for (const tools of sizes) {
    rows.push({
      tools,
      direct: await declarationTokens(tools, 'direct', false),
      codeModeOnly: await declarationTokens(tools, 'code_mode_only', false),
      lazy: await declarationTokens(tools, 'code_mode_only', true),
    });
  }
  return rows;
}
