import { createInterface } from 'node:readline/promises';
import type { ApprovalRequest } from '@toolcell/executor';
import { previewApprovalArgs } from '@toolcell/executor';
import type { QuestionAsker } from '@toolcell/demo-tools';
import type { ApprovalPrompt } from './approval-policy.js';

/** Prompts that reach a person at a terminal. */
export interface TerminalPrompts {
  readonly approve: ApprovalPrompt;
  readonly ask: QuestionAsker;
}

// Every argument on its own line, long values shortened one by one, paths, URLs and
// commands never cut: the program controls key order and lengths (see previewApprovalArgs).
function describeArgs(args: ApprovalRequest['args']): string {
  return `\n  ${previewApprovalArgs(args).split('\n').join('\n  ')}\n`;
}

/**
 * Prompts over a pair of streams (a terminal's stdin and stderr). Answers are read one
 * line at a time; `y`/`yes` approves, anything else declines.
 */
export function createTerminalPrompts(streams: { readonly input: NodeJS.ReadableStream; readonly output: NodeJS.WritableStream }): TerminalPrompts {
  const question = async (text: string, signal: AbortSignal): Promise<string> => {
    const readline = createInterface({ input: streams.input, output: streams.output, terminal: false });
    try {
      return (await readline.question(text, { signal })).trim();
    } finally {
      readline.close();
    }
  };
  return {
    async approve(request) {
      const where = request.nested ? ` (from the program of exec call ${request.parentCallId ?? '?'})` : '';
      const answer = await question(`\nAllow ${request.toolName}${where} with${describeArgs(request.args)}? [y/N] `, request.signal);
      return /^y(es)?$/i.test(answer);
    },
    async ask({ question: text, options }, signal) {
      const choices = options.length > 0 ? ` [${options.join(' / ')}]` : '';
      return question(`\nThe agent asks: ${text}${choices}\n> `, signal);
    },
  };
}

/** Terminal prompts on this process's stdin/stderr, or `undefined` when either is not a terminal. */
export function processTerminalPrompts(): TerminalPrompts | undefined {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  return createTerminalPrompts({ input: process.stdin, output: process.stderr });
}
