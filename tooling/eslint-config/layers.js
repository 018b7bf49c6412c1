// The layer table of docs/architecture.md, as data. A package may import only the
// workspace packages listed for it; arrows point down the table, never up or sideways.

// Code Mode and everything under it: what the packages that sit on Code Mode may import.
const CODE_MODE_STACK = ['@toolcell/core', '@toolcell/registry', '@toolcell/executor', '@toolcell/sandbox', '@toolcell/sdkgen', '@toolcell/codemode'];

export const LAYERS = {
  '@toolcell/core': [],
  '@toolcell/registry': ['@toolcell/core'],
  '@toolcell/executor': ['@toolcell/core', '@toolcell/registry'],
  '@toolcell/sandbox': ['@toolcell/core'],
  '@toolcell/sdkgen': ['@toolcell/core', '@toolcell/registry'],
  '@toolcell/providers': ['@toolcell/core'],
  // Private: the demo tools the reference app and the playground share, over a
  // runtime-neutral workspace.
  '@toolcell/demo-tools': ['@toolcell/core'],
  '@toolcell/codemode': [
    '@toolcell/core',
    '@toolcell/registry',
    '@toolcell/executor',
    '@toolcell/sandbox',
    '@toolcell/sdkgen',
  ],
  // MCP both ways: the client side needs core and registry, the server side the executor
  // and codemode too; its tests run programs in the sandbox.
  '@toolcell/mcp': CODE_MODE_STACK,
  // Observability: its sources import only core and the executor's events (cell events
  // are typed structurally); its tests compose the real stack below it.
  '@toolcell/tracing': CODE_MODE_STACK,
};

/** Apps and examples sit on top: they may import every package. */
export const TOP_LAYER = Object.keys(LAYERS);
