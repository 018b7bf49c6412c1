// The public API of @toolcell/providers/openai-responses. Adding an export is an API decision: the
// adapter is the way in (its methods are the conversions), so the functions behind it are not exported.

export { openaiResponsesAdapter } from './openai-responses-adapter.js';
export type { OpenAIProgrammaticToolCallingOptions } from './with-openai-programmatic-tool-calling.js';
export { withOpenAIProgrammaticToolCalling } from './with-openai-programmatic-tool-calling.js';
export type {
  OpenAIProgramCaller,
  OpenAIResponsesResponse,
  OpenAIResponsesResultItem,
  OpenAIResponsesTool,
  OpenAIResponsesWire,
} from './openai-responses-api.js';
