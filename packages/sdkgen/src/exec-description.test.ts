import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { LIMITS, execTool, simpleTool } from './__fixtures__/registry-setup.js';
import { fixture } from './__fixtures__/tool-corpus.js';
import { toolFromFixture } from './__fixtures__/tool-fixture.js';
import { renderBindingDeclaration } from './binding-signature.js';
import { loadTokenCounter } from './count-tokens.js';
import { generateExecDescription } from './exec-description.js';
import { createToolSearchTool } from './tool-search-tool.js';

function registryWith(mode: string, names: readonly string[], options: { search?: boolean | { eager: string[] } } = {}): ToolRegistry {
  const registry = new ToolRegistry({ mode, root: { ...(options.search === undefined ? {} : { search: options.search }) } });
  registry.register(execTool(registry));
  for (const name of names) registry.register(toolFromFixture(fixture(name)));
  return registry;
}

describe('generateExecDescription', () => {
  it('documents a code_mode_only scope in full', () => {
    const registry = registryWith('code_mode_only', ['slack_post_message', 'get_weather']);
    expect(generateExecDescription(registry, registry.root, { limits: LIMITS })).toMatchInlineSnapshot(`
      "Run a JavaScript or TypeScript program that calls tools as functions: chain calls, loop, and filter or combine results before they reach you.

      Program:
      - JavaScript or TypeScript (types are erased; enum, namespace and decorators are not supported). The tools are declared below in TypeScript; name their types as \`Parameters<typeof tools.x>[0]\` and \`Awaited<ReturnType<typeof tools.x>>\`.
      - The source is the body of an async function: use top-level \`await\`; \`return\` the result (as JSON: a Map, Set or Date is converted).
      - You receive what the program added with text() and the media helpers, then the returned value.

      Calling tools:
      - \`await tools.<jsName>(args)\` resolves to the tool's typed result (JSON, not the text a direct call shows). Run independent calls together with \`Promise.all\`.
      - A failed, denied or cancelled call rejects with an Error carrying \`code\` (e.g. INVALID_ARGS, DENIED, TIMEOUT) and \`callId\`; catch it to recover. An uncaught error ends the program.
      - exec cannot call itself.
      - These tools are reachable only from programs: calling one of them directly is refused.

      Globals:
      - text(value), console.log(...values): add text to the output (non-strings as JSON, or as Node prints them); at most 100,000 characters.
      - image(value), audio(value), generatedImage(value): add media (a data: URL, or { mimeType, data } in base64); at most 16 items, 10 MiB.
      - setTimeout(callback, ms), clearTimeout(id): at most 1,024 pending; pending timers do not keep the program alive.
      - exit(): end the program now.
      - ALL_TOOLS: [{ name, jsName, description }] for every tool in \`tools\`.
      Limits: 30 s of CPU time (waiting for tools does not count), 64 MiB of memory.
      Not available: Node.js APIs, process, require, import (static or dynamic), filesystem, network, WebAssembly, Atomics, SharedArrayBuffer.

      Tools (2, sorted by name):
      declare namespace tools {
      // Retrieves current weather for the given location.
      function get_weather(args: {
        location: string; // City and country e.g. Bogotá, Colombia
        units: 'celsius' | 'fahrenheit' | null; // Units the temperature will be returned in.
      }): Promise<unknown>;
      // Post a new message to a Slack channel.
      function slack_post_message(args: {
        channel_id: string; // The ID of the channel to post to
        text: string; // The message text to post
      }): Promise<{ ok: boolean; ts?: string }>;
      }"
    `);
  });

  it('says direct calls also work in code_mode, and nothing about refusals', () => {
    const text = generateExecDescription(...scopeOf(registryWith('code_mode', ['get_weather'])), { limits: LIMITS });
    expect(text).toContain('These tools can also be called directly');
    expect(text).not.toContain('refused');
  });

  it('documents cells only when asked', () => {
    const registry = registryWith('code_mode_only', ['get_weather']);
    expect(generateExecDescription(registry, registry.root, { limits: LIMITS })).not.toContain('Cells:');
    const text = generateExecDescription(registry, registry.root, { cells: true, limits: LIMITS });
    for (const fragment of ['yield_control()', 'Call wait with that cell id', 'terminate: true', 'store(key, value), load(key)', 'notify(value)']) {
      expect(text).toContain(fragment);
    }
    expect(text).toContain('// @exec: {"yield_time_ms": 10000, "max_output_tokens": 4000}');
    expect(text).toContain('at most 3600000, one hour');
    expect(text).toContain('its writes reach other programs when it finishes or throws (not when it yields, is cancelled or hits a limit)');
    expect(text).toContain('wait returns when the program yields, needs an approval or ends');
    expect(text).toContain('wait with list: true to list the live cells');
  });

  it.each([
    {
      what: 'the limits it is given',
      limits: { maxTextChars: 2_000, maxMediaItems: 4, maxMediaBytes: 1536, maxTimers: 8, cpuBudgetMs: 1500, memoryBytes: 256 * 1024 * 1024 },
      fragments: ['at most 2,000 characters', 'at most 4 items, 1.5 KiB', 'at most 8 pending', 'Limits: 1.5 s of CPU time (waiting for tools does not count), 256 MiB of memory.'],
    },
    {
      what: 'a zero limit as it is, with nothing to check (the sandbox resolved it)',
      limits: { ...LIMITS, maxMediaItems: 0, maxMediaBytes: 0, maxTimers: 0 },
      fragments: ['at most 0 items, 0 bytes', 'at most 0 pending'],
    },
  ])('states $what', ({ limits, fragments }) => {
    const registry = registryWith('code_mode_only', ['get_weather']);
    const text = generateExecDescription(registry, registry.root, { limits });
    for (const fragment of fragments) expect(text).toContain(fragment);
  });

  it('sorts tools by canonical name and names canonical names that differ from the JS name', () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only' });
    registry.register(execTool(registry));
    for (const name of ['zeta', 'mcp__fs__read-file', 'Alpha', 'beta']) registry.register(simpleTool(name));
    const text = generateExecDescription(registry, registry.root, { limits: LIMITS });
    const order = ['function Alpha(', 'function beta(', 'function mcp__fs__read_file(', 'function zeta('].map((fragment) => text.indexOf(fragment));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((left, right) => left - right)).toEqual(order);
    expect(text).toContain('// mcp__fs__read-file: Does mcp__fs__read-file.\nfunction mcp__fs__read_file(');
  });

  it('names collisions: which names were omitted and why', () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only' });
    registry.register(execTool(registry));
    for (const name of ['a-b', 'a.b', 'a_b', 'x.y', 'x-y']) registry.register(simpleTool(name));
    const text = generateExecDescription(registry, registry.root, { limits: LIMITS });
    expect(text).toContain('Omitted (their JS names collide; not callable from programs):');
    expect(text).toContain('- `a-b`, `a.b`: JS name `a_b` belongs to `a_b` (exact match)');
    expect(text).toContain('- `x.y`: JS name `x_y` belongs to `x-y` (first by name)');
    expect(text).toContain('function x_y(');
  });

  it('says when no tool is callable from programs', () => {
    const registry = registryWith('code_mode_only', ['get_weather']);
    const scope = registry.createScope({ id: 'none', nestedAllow: [] });
    expect(generateExecDescription(registry, scope, { limits: LIMITS })).toContain('Tools: none is callable from programs in this scope.');
  });

  it('documents a scope narrowed by nestedAllow with only its tools', () => {
    const registry = registryWith('code_mode_only', ['get_weather', 'slack_post_message']);
    const scope = registry.createScope({ id: 'weather', nestedAllow: ['get_*'] });
    const text = generateExecDescription(registry, scope, { limits: LIMITS });
    expect(text).toContain('function get_weather(');
    expect(text).not.toContain('slack_post_message');
  });
});

function scopeOf(registry: ToolRegistry) {
  return [registry, registry.root] as const;
}

describe('lazy discovery in the exec description', () => {
  const names = ['get_weather', 'slack_post_message', 'create_issue', 'brave_web_search', 'read_text_file'];

  function lazyRegistry(eager: string[], toolNames: readonly string[] = names): ToolRegistry {
    const registry = registryWith('code_mode_only', toolNames, { search: { eager } });
    registry.register(createToolSearchTool(registry));
    return registry;
  }

  it('documents several eager bindings', () => {
    const text = generateExecDescription(...scopeOf(lazyRegistry(['get_weather', 'query', 'create_issue'])), { limits: LIMITS });
    expect(text).toContain('Tools: 2 tools are documented below.');
    expect(text).toContain('function create_issue(');
  });

  it('documents only the eager bindings and explains how to find the rest without naming them', () => {
    const registry = lazyRegistry(['get_weather']);
    const text = generateExecDescription(registry, registry.root, { limits: LIMITS });
    const weather = registry.plan(registry.root).bindingByName.get('get_weather');
    expect(weather).toBeDefined();
    if (weather) expect(text).toContain(renderBindingDeclaration(weather, {}, []).text);
    expect(text.endsWith('\n}')).toBe(true);
    for (const hidden of names.filter((name) => name !== 'get_weather')) expect(text).not.toContain(hidden);
    expect(text).toContain('Tools: one tool is documented below.');
    expect(text).toContain('call the top-level tool_search tool with keywords (query: "send message") or an exact name (query: "select:<name>")');
    expect(text).toContain('ALL_TOOLS lists every name at run time.');
  });

  it('documents no binding when eager is empty', () => {
    const registry = lazyRegistry([]);
    const text = generateExecDescription(registry, registry.root, { limits: LIMITS });
    expect(text).toContain('Tools: no tool is documented here.');
    expect(text).not.toContain('function get_weather(');
  });

  it('neither names nor counts collisions', () => {
    const registry = lazyRegistry(['get_weather', 'query'], ['get_weather']);
    const before = generateExecDescription(registry, registry.root, { limits: LIMITS });
    registry.register(simpleTool('get-weather'));
    const text = generateExecDescription(registry, registry.root, { limits: LIMITS });
    expect(text).toBe(before);
    expect(text).toContain('A tool whose name collides with another once made a JS name is not callable from programs, and tool_search leaves it out.');
    expect(text).not.toContain('get-weather');
  });

  it('stays byte-identical when another deferred tool is registered', () => {
    const registry = lazyRegistry(['get_weather']);
    const before = generateExecDescription(registry, registry.root, { cells: true, limits: LIMITS });
    registry.register(simpleTool('late_deferred_tool', 'Registered after the first request.'));
    expect(registry.plan(registry.root).bindingByName.has('late_deferred_tool')).toBe(true);
    expect(generateExecDescription(registry, registry.root, { cells: true, limits: LIMITS })).toBe(before);
    registry.unregister('brave_web_search');
    expect(generateExecDescription(registry, registry.root, { cells: true, limits: LIMITS })).toBe(before);
  });

  it('stays flat as the registry grows', async () => {
    const countTokens = await loadTokenCounter();
    const small = lazyRegistry(['get_weather']);
    const large = lazyRegistry(['get_weather']);
    for (let index = 0; index < 400; index += 1) large.register(simpleTool(`generated_tool_${index}`, `Generated tool number ${index}.`));
    const smallTokens = countTokens(generateExecDescription(small, small.root, { limits: LIMITS }));
    const largeTokens = countTokens(generateExecDescription(large, large.root, { limits: LIMITS }));
    expect(Math.abs(largeTokens - smallTokens)).toBeLessThanOrEqual(2);
  });

  it('falls back to full signatures when tool_search is not declared', () => {
    const registry = registryWith('code_mode_only', names, { search: { eager: [] } });
    const text = generateExecDescription(registry, registry.root, { limits: LIMITS });
    expect(text).toContain('Tools (5, sorted by name):');
    expect(text).not.toContain('tool_search');
  });

  it('uses full signatures when the scope has no search, even with tool_search registered', () => {
    const registry = registryWith('code_mode_only', names);
    registry.register(createToolSearchTool(registry));
    expect(generateExecDescription(registry, registry.root, { limits: LIMITS })).toContain('Tools (5, sorted by name):');
  });
});
