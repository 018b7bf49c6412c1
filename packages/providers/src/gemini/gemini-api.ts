// Wire types of the Gemini API (generateContent), taken from the official SDK. Type-only:
// nothing of the SDK is bundled, and a payload the SDK's types would reject does not compile.
import type { Content, GenerateContentResponse, Tool } from '@google/genai';
import type { ProviderWire } from '../shared/provider-adapter.js';

export type {
  Content,
  FunctionCall,
  FunctionDeclaration,
  FunctionResponse,
  FunctionResponsePart,
  GenerateContentResponse,
  Part,
  Tool,
} from '@google/genai';

/**
 * The part of a response (complete, or one streamed chunk) the adapter reads; an SDK
 * `GenerateContentResponse` qualifies, and so does the plain JSON of one.
 */
export type GeminiResponse = Pick<GenerateContentResponse, 'candidates' | 'responseId'>;

/** The Gemini wire types the adapter speaks (streamed chunks have the same shape as responses). */
export interface GeminiWire extends ProviderWire {
  readonly tool: Tool;
  readonly response: GeminiResponse;
  readonly chunk: GeminiResponse;
  readonly message: Content;
  readonly resultMessage: Content;
}
