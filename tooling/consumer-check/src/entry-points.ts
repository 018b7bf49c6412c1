// Every other public entry point, imported as a namespace so the whole declaration graph of
// each one is type-checked. scripts/check-packages.mjs fails when a package or subpath in
// an `exports` map is not imported somewhere under src/.
export * as codemode from '@toolcell/codemode';
export * as durableStore from '@toolcell/durable-store';
export * as executor from '@toolcell/executor';
export * as executorTest from '@toolcell/executor/test';
export * as mcp from '@toolcell/mcp';
export * as providers from '@toolcell/providers';
export * as providersAnthropic from '@toolcell/providers/anthropic';
export * as providersGemini from '@toolcell/providers/gemini';
export * as providersOpenaiChat from '@toolcell/providers/openai-chat';
export * as providersOpenaiResponses from '@toolcell/providers/openai-responses';
export * as sandbox from '@toolcell/sandbox';
export * as sdkgen from '@toolcell/sdkgen';
