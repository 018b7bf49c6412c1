import type { ApprovalDecision } from '@toolcell/executor';

/** A person's answer to a nested call: `true` runs it, `false` or a reason refuses it. */
export type PersonAnswer = boolean | string;

/**
 * Decide a nested call that needs a person, as a framework adapter does: parked for the
 * framework's own approval round trip when the program is durable (`defer`), refused with
 * `cannotAsk` when the app gave no way to ask, otherwise asked now while the program waits.
 */
export async function askPerson<Request>(options: {
  readonly durable: boolean;
  readonly ask: ((request: Request) => PersonAnswer | Promise<PersonAnswer>) | undefined;
  /** Built only when there is someone to ask. */
  readonly request: () => Request;
  /** Why the call is refused when there is no way to ask, and what the app can pass. */
  readonly cannotAsk: string;
}): Promise<ApprovalDecision> {
  if (options.durable) return { type: 'defer' };
  if (options.ask === undefined) return { type: 'deny', reason: options.cannotAsk };
  const answer = await options.ask(options.request());
  if (answer === true) return { type: 'approve' };
  return { type: 'deny', reason: typeof answer === 'string' ? answer : 'the person did not approve this call' };
}
