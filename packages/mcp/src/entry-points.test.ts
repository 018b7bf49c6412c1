// The root entry stays runtime-neutral: following its value imports (type-only ones are
// erased) reaches no Node built-in and none of the SDK's Node transports; those are only
// under `@toolcell/mcp/node`.
import { reachedBareImports } from '@toolcell/vitest-config/reached-imports';
import { describe, expect, it } from 'vitest';

const NODE_ONLY = /^(node:|@modelcontextprotocol\/sdk\/(client|server)\/stdio|@modelcontextprotocol\/sdk\/server\/streamableHttp)/;

/** Every bare specifier a module beside this test reaches through value imports and re-exports. */
function reachedSpecifiers(entry: string): Set<string> {
  return reachedBareImports(new URL(entry, import.meta.url));
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
