// A scripted AI SDK model (ai/test's MockLanguageModelV4): the first step calls `exec` with
// the given program, the second answers with text.
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

export function scriptedModel(code: string, toolName = 'exec', input: unknown = { code }) {
  const call = { type: 'tool-call' as const, toolCallId: 'call_1', toolName, input: JSON.stringify(input) };
  const done = { type: 'text' as const, text: 'done' };
  return new MockLanguageModelV4({
    doGenerate: [
      { content: [call], finishReason: { unified: 'tool-calls', raw: undefined }, usage, warnings: [] },
      { content: [done], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] },
    ],
    doStream: [
      {
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          call,
          { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
        ]),
      },
      {
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'done' },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
        ]),
      },
    ],
  });
}
