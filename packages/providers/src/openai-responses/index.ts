// The public API of @toolcell/providers/openai-responses. Adding an export is an API decision.

export { openaiResponsesAdapter } from './openai-responses-adapter.js';
export { convertToOpenAIResponsesTools } from './convert-to-openai-responses-tools.js';
export { parseOpenAIResponsesResponse } from './parse-openai-responses-response.js';
export { createOpenAIResponsesStreamAssembler } from './openai-responses-stream-assembler.js';
export { convertToOpenAIResponsesInputItems } from './convert-to-openai-responses-input-items.js';
export { convertToOpenAIResponsesToolOutputs } from './convert-to-openai-responses-tool-outputs.js';
export type { OpenAIProgrammaticToolCallingOptions } from './with-openai-programmatic-tool-calling.js';
export { withOpenAIProgrammaticToolCalling } from './with-openai-programmatic-tool-calling.js';
export type {
  OpenAIProgramCaller,
  OpenAIResponsesResponse,
  OpenAIResponsesResultItem,
  OpenAIResponsesTool,
  OpenAIResponsesWire,
} from './openai-responses-api.js';
