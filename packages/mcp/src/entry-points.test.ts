// The root entry stays runtime-neutral: following its value imports (type-only ones are
// erased) reaches no Node built-in and none of the SDK's Node transports; those are only
// under `@toolcell/mcp/node`.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const NODE_ONLY = /^(node:|@modelcontextprotocol\/sdk\/(client|server)\/stdio|@modelcontextprotocol\/sdk\/server\/streamableHttp)/;

/** Every bare specifier a module reaches through value imports and re-exports. */
function reachedSpecifiers(entry: string): Set<string> {
  const seen = new Set<string>();
  const specifiers = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
      const [, typeOnly, specifier] = match;
      if (typeOnly !== undefined || specifier === undefined) continue;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else specifiers.add(specifier);
    }
  };
  visit(fileURLToPath(new URL(entry, import.meta.url)));
  return specifiers;
}

describe('entry points', () => {
  it('the root entry reaches no Node built-in and no Node transport', () => {
    const reached = [...reachedSpecifiers('./index.ts')];
    expect(reached).toContain('@modelcontextprotocol/sdk/server/index.js');
    expect(reached.filter((specifier) => NODE_ONLY.test(specifier))).toEqual([]);
  });

  it('the node entry is where stdio and HTTP live', () => {
    const reached = [...reachedSpecifiers('./node.ts')];
    expect(reached).toEqual(expect.arrayContaining(['@modelcontextprotocol/sdk/client/stdio.js', '@modelcontextprotocol/sdk/server/streamableHttp.js', 'node:http']));
  });
});
