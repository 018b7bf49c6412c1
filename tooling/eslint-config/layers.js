// The layer table of docs/architecture.md, as data (layers.test.js checks that the two
// agree). A package's sources may import only the workspace packages listed for it in
// LAYERS; arrows point down the table, never up or sideways. Its tests, examples and
// benchmarks may also import what TEST_LAYERS adds: a suite that composes the real stack
// below it is not a runtime dependency.

export const LAYERS = {
  '@toolcell/core': [],
  '@toolcell/registry': ['@toolcell/core'],
  '@toolcell/executor': ['@toolcell/core', '@toolcell/registry'],
  '@toolcell/sandbox': ['@toolcell/core'],
  // Where durable cells live between turns: the store interface and its backends.
  '@toolcell/durable-store': ['@toolcell/core'],
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
    '@toolcell/durable-store',
  ],
  // MCP both ways: the client side needs core and registry, the server side the executor
  // and codemode too.
  '@toolcell/mcp': ['@toolcell/core', '@toolcell/registry', '@toolcell/executor', '@toolcell/codemode'],
  // Observability: the executor's events (cell events are typed structurally).
  '@toolcell/tracing': ['@toolcell/core', '@toolcell/executor'],
  // Agent frameworks: their tools, approvals and run context through Code Mode.
  '@toolcell/ai-sdk': ['@toolcell/core', '@toolcell/registry', '@toolcell/executor', '@toolcell/sandbox', '@toolcell/codemode'],
  '@toolcell/openai-agents': ['@toolcell/core', '@toolcell/registry', '@toolcell/executor', '@toolcell/sandbox', '@toolcell/codemode'],
};

/** What a package's tests, examples and benchmarks may import besides its LAYERS entry. */
export const TEST_LAYERS = {
  // MCP's tests run programs in the sandbox and read the generated descriptions.
  '@toolcell/mcp': ['@toolcell/sandbox', '@toolcell/sdkgen'],
  // Tracing's tests compose the real stack below it.
  '@toolcell/tracing': ['@toolcell/registry', '@toolcell/sandbox', '@toolcell/codemode'],
  // The framework adapters' durable-approval tests keep their cells in a real file store.
  '@toolcell/ai-sdk': ['@toolcell/durable-store'],
  '@toolcell/openai-agents': ['@toolcell/durable-store'],
};

/** Files that are tests, examples, benchmarks or their helpers rather than sources. */
export const TEST_FILES = ['**/*.test.ts', '**/*.test-d.ts', '**/*.examples.ts', '**/test-support/**', 'bench/**'];

/** Apps and examples sit on top: they may import every package. */
export const TOP_LAYER = Object.keys(LAYERS);
