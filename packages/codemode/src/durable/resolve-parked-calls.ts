import type { JsonValue } from '@toolcell/core';
import type { DurableStore, JournalEntry, Lease, StoredApproval } from '@toolcell/durable-store';
import type { GuestToolResponse, ParkedCallAnswer } from '@toolcell/sandbox';
import type { DurableToolBatch, ParkedCallInfo } from './durable-tool-batch.js';

/** What resolving a cell's parked calls needs. */
export interface ResolveParkedCallsOptions {
  readonly store: DurableStore;
  readonly lease: Lease;
  readonly approvals: readonly StoredApproval[];
  readonly calls: Readonly<Record<string, ParkedCallInfo>>;
  readonly batch: DurableToolBatch;
  /** Whether a tool declared itself idempotent (`ToolDefinition.idempotent`). */
  readonly isIdempotent: (toolName: string) => boolean;
  /** Why an approved call must not run after all (its tool was replaced while it was parked), keyed by its sandbox call id. */
  readonly refusal?: (callId: string, info: ParkedCallInfo) => GuestToolResponse | undefined;
}

/**
 * The answers for a cell's decided parked calls, each call moved through its journal under
 * the lease: a `done` call delivers its recorded outcome; a `started` one (the process died
 * while it ran) delivers "outcome unknown" — or runs again once, under the same call id, if
 * its tool is idempotent; a decided one is marked, `started` before it runs, and `done` with
 * its outcome. An undecided call gets no answer and stays parked.
 */
export async function resolveParkedCalls(options: ResolveParkedCallsOptions): Promise<ParkedCallAnswer[]> {
  const { store, lease, batch } = options;
  const journal = new Map<string, JournalEntry>((await store.readJournal(lease.key)).map((entry) => [entry.callId, entry]));
  const answers: ParkedCallAnswer[] = [];
  for (const approval of options.approvals) {
    const info = options.calls[approval.callId];
    if (info === undefined) continue;
    const id = Number(approval.callId);
    const entry = journal.get(approval.callId);
    let state = entry?.state ?? 'awaiting';
    if (state === 'done') {
      answers.push({ id, response: entry?.outcome as unknown as GuestToolResponse });
      continue;
    }
    if (state === 'started') {
      const response = options.isIdempotent(info.toolName) ? (options.refusal?.(approval.callId, info) ?? (await batch.runDecided(info, { type: 'approve' }))) : outcomeUnknown(info);
      await store.moveCall(lease, approval.callId, 'started', 'done', response as unknown as JsonValue);
      answers.push({ id, response });
      continue;
    }
    const stored = await store.readDecision(approval.approvalId);
    if (state === 'awaiting') {
      if (stored === undefined) continue;
      const next = stored.decision.type === 'approve' ? 'approved' : 'denied';
      await store.moveCall(lease, approval.callId, 'awaiting', next);
      state = next;
    }
    const decision = stored?.decision ?? { type: state === 'approved' ? ('approve' as const) : ('deny' as const) };
    if (state === 'approved') await store.moveCall(lease, approval.callId, 'approved', 'started');
    // A denial goes through the executor too: the same DENIED message and events as a direct one.
    const refused = state === 'approved' ? options.refusal?.(approval.callId, info) : undefined;
    const response = refused ?? (await batch.runDecided(info, decision));
    await store.moveCall(lease, approval.callId, state === 'approved' ? 'started' : 'denied', 'done', response as unknown as JsonValue);
    answers.push({ id, response });
  }
  return answers;
}

function outcomeUnknown(info: ParkedCallInfo): GuestToolResponse {
  return {
    ok: false,
    error: {
      code: 'OUTCOME_UNKNOWN',
      message: `The outcome of "${info.toolName}" is unknown: it was approved and started, and the process running it stopped before its outcome was recorded. It was not run again (the tool is not idempotent); check its effect before calling it again.`,
      callId: info.callId,
    },
  };
}
