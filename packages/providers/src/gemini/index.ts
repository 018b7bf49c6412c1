// The public API of @toolcell/providers/gemini. Adding an export is an API decision: the
// adapter is the way in (its methods are the conversions), so the functions behind it are not exported.

export { geminiAdapter } from './gemini-adapter.js';
export type { GeminiResponse, GeminiWire } from './gemini-api.js';
