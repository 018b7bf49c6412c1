// The public API of @toolcell/providers: what every adapter shares. Each provider lives at
// its own subpath (`/openai-chat`, `/openai-responses`, `/anthropic`, `/gemini`). Adding an
// export is an API decision.

export type {
  ParsedTurn,
  ProviderAdapter,
  ProviderName,
  ProviderWire,
  StreamAssembler,
  StreamUpdate,
  TextDeltaUpdate,
  ToolCallResult,
  ToolCallStartUpdate,
} from './shared/provider-adapter.js';
export { assembleStream } from './shared/assemble-stream.js';
export { invalidArgumentsOutcome } from './shared/invalid-arguments-outcome.js';
