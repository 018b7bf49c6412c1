import type { JournalState } from './durable-store.js';

/** The moves a call's journal state may make, forward only (see `JournalState`). */
const MOVES: Readonly<Record<JournalState, readonly JournalState[]>> = {
  awaiting: ['approved', 'denied'],
  approved: ['started'],
  denied: ['done'],
  started: ['done'],
  done: [],
};

/** Whether a call may move from `from` to `to`. */
export function isJournalMove(from: JournalState, to: JournalState): boolean {
  return MOVES[from].includes(to);
}

/** How far along a state is: each backend keeps the furthest one. */
export function journalRank(state: JournalState): number {
  return state === 'awaiting' ? 0 : state === 'approved' || state === 'denied' ? 1 : state === 'started' ? 2 : 3;
}
