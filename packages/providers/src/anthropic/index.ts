// The public API of @toolcell/providers/anthropic. Adding an export is an API decision: the
// adapter is the way in (its methods are the conversions), so the functions behind it are not exported.

export { anthropicAdapter } from './anthropic-adapter.js';
export type { AnthropicProgrammaticToolCallingOptions } from './with-anthropic-programmatic-tool-calling.js';
export { withAnthropicProgrammaticToolCalling } from './with-anthropic-programmatic-tool-calling.js';
export type { AnthropicCodeExecutionVersion, AnthropicResponse, AnthropicWire } from './anthropic-api.js';
