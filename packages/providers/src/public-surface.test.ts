// Each provider subpath is its adapter (plus the programmatic-tool-calling helper where the
// provider has one): the functions behind the adapter's methods stay internal.
import { describe, expect, it } from 'vitest';
import * as anthropic from './anthropic/index.js';
import * as gemini from './gemini/index.js';
import * as root from './index.js';
import * as openaiChat from './openai-chat/index.js';
import * as openaiResponses from './openai-responses/index.js';

describe('public value exports', () => {
  it.each([
    ['anthropic', anthropic, ['anthropicAdapter', 'withAnthropicProgrammaticToolCalling']],
    ['gemini', gemini, ['geminiAdapter']],
    ['openai-chat', openaiChat, ['openaiChatAdapter']],
    ['openai-responses', openaiResponses, ['openaiResponsesAdapter', 'withOpenAIProgrammaticToolCalling']],
    ['(root)', root, ['assembleStream', 'invalidArgumentsOutcome']],
  ] as const)('%s exports only what a user needs', (_name, entry, expected) => {
    expect(Object.keys(entry).sort()).toEqual([...expected].sort());
  });
});
