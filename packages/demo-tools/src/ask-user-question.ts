import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';

/** Arguments of `ask_user_question`. */
export type AskUserQuestionInput = {
  question: string;
  options?: string[];
};

/** The typed result of `ask_user_question`. */
export type AskUserQuestionResult = {
  answered: boolean;
  answer: string | null;
};

/**
 * Puts a question to the person; resolves to their answer, or `undefined` when nobody can
 * answer (no terminal). `call` says which call asks (an MCP server routes the question to
 * the client that made it).
 */
export type QuestionAsker = (
  question: { readonly question: string; readonly options: readonly string[] },
  signal: AbortSignal,
  call?: { readonly callId: string; readonly scopeId: string },
) => Promise<string | undefined>;

/**
 * `ask_user_question`: a direct-control tool (the registry keeps it on the wire in every
 * mode and never lets a program call it), because a person's attention cannot hide inside
 * a program.
 */
export function createAskUserQuestionTool(ask: QuestionAsker): FunctionToolDefinition<AskUserQuestionInput, AskUserQuestionResult> {
  return defineTool<AskUserQuestionInput, AskUserQuestionResult>({
    kind: 'function',
    name: 'ask_user_question',
    description: 'Ask the person running the agent a question and wait for the answer. Use it only when you cannot proceed without them.',
    inputSchema: {
      type: 'object',
      properties: {
        question: { type: 'string', minLength: 1 },
        options: { type: 'array', items: { type: 'string' }, maxItems: 10, description: 'Suggested answers, if any.' },
      },
      required: ['question'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        answered: { type: 'boolean' },
        answer: { type: ['string', 'null'], description: 'null when nobody could answer.' },
      },
      required: ['answered', 'answer'],
    },
    // A person answers in their own time: no executor timeout (cancelling the turn still ends it).
    timeoutMs: Number.POSITIVE_INFINITY,
    async execute(input, context) {
      const answer = await ask({ question: input.question, options: input.options ?? [] }, context.signal, { callId: context.callId, scopeId: context.scopeId });
      if (answer === undefined) {
        return toolOutput({
          result: { answered: false, answer: null },
          wire: 'Nobody answered (no one can be asked, or the person declined). Continue with your best judgement and say what you assumed.',
        });
      }
      return toolOutput({ result: { answered: true, answer }, wire: `The user answered: ${answer}` });
    },
  });
}
