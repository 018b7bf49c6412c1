// A scripted Agents SDK model (its Model interface, no network): each turn answers with the
// next scripted output — a function call or a text message — and records the request.
import type { Model, ModelRequest, ModelResponse } from '@openai/agents';
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
    this.requests.push(request);
    const turn = this.turns[this.turn++] ?? { text: 'done' };
    const output =
      'call' in turn
        ? [{ type: 'function_call' as const, callId: turn.id ?? `call_${this.turn}`, name: turn.call, arguments: JSON.stringify(turn.input), status: 'completed' as const }]
        : [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: turn.text }] }];
    return { usage: new Usage(), output, responseId: `response_${this.turn}` };
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<never> {
    yield* [];
    throw new Error(`ScriptedModel does not stream (asked for ${request.tools.length} tools)`);
  }
}
