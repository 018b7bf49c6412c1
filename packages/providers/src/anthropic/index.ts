// The public API of @toolcell/providers/anthropic. Adding an export is an API decision.

export { anthropicAdapter } from './anthropic-adapter.js';
export { convertToAnthropicTools } from './convert-to-anthropic-tools.js';
export { parseAnthropicResponse } from './parse-anthropic-response.js';
export { createAnthropicStreamAssembler } from './anthropic-stream-assembler.js';
export { convertToAnthropicAssistantMessages } from './convert-to-anthropic-assistant-messages.js';
export { convertToAnthropicToolResults } from './convert-to-anthropic-tool-results.js';
export type { AnthropicProgrammaticToolCallingOptions } from './with-anthropic-programmatic-tool-calling.js';
export { withAnthropicProgrammaticToolCalling } from './with-anthropic-programmatic-tool-calling.js';
export type { AnthropicCodeExecutionVersion, AnthropicResponse, AnthropicWire } from './anthropic-api.js';
