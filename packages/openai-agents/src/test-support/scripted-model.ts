// A scripted Agents SDK model (its Model interface, no network): each turn answers with the
// next scripted output — a function call or a text message — and records the request. A
// streamed run gets the same turn as one `response_done` event.
import type { Model, ModelRequest, ModelResponse, StreamEvent } from '@openai/agents';
import { Usage } from '@openai/agents';

type Turn = { readonly call: string; readonly input: unknown; readonly id?: string } | { readonly text: string };

export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  private turn = 0;

  constructor(private readonly turns: readonly Turn[]) {}

  /** The first turn calls `exec` with the program, the second answers "done". */
  static exec(code: string): ScriptedModel {
    return new ScriptedModel([{ call: 'exec', input: { code } }, { text: 'done' }]);
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const { output, responseId } = this.next(request);
    return { usage: new Usage(), output, responseId };
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const { output, responseId } = this.next(request);
    yield { type: 'response_done', response: { id: responseId, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, output } };
  }

  private next(request: ModelRequest) {
    this.requests.push(request);
    const turn = this.turns[this.turn++] ?? { text: 'done' };
    const output =
      'call' in turn
        ? [{ type: 'function_call' as const, callId: turn.id ?? `call_${this.turn}`, name: turn.call, arguments: JSON.stringify(turn.input), status: 'completed' as const }]
        : [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: turn.text }] }];
    return { output, responseId: `response_${this.turn}` };
  }
}
