import type { ApprovalHandler } from './approval-handler.js';
import type { CallEvents } from './call-events.js';
import type { CallRecord, CallView } from './call-record.js';
import type { Guard, PostExecuteListener, PreExecuteListener } from './policy-call.js';
import type { Refusal } from './refusal.js';

/** The settings a pipeline reads. */
export interface PipelineSettings {
  readonly approval: ApprovalHandler | undefined;
  /** Milliseconds; `Infinity` for none. */
  readonly defaultTimeoutMs: number;
  /** Milliseconds a call waits for its approval handler; `Infinity` for no bound. */
  readonly approvalTimeoutMs: number;
  readonly defaultOutputBudget: number | undefined;
}

/** What the pipeline reads of a call and the transitions it makes. */
export type PipelineCall = CallView &
  Pick<CallRecord, 'rewriteArgs' | 'enterStage' | 'startExecuting' | 'startTimeout' | 'awaitApproval' | 'approvalDecided' | 'executeReturned'>;

/** What the pipeline needs of its engine: the policy, the events, and the registry asked again. */
export interface PipelineHost<Call extends PipelineCall> {
  readonly callEvents: CallEvents;
  readonly settings: PipelineSettings;
  readonly preExecute: readonly PreExecuteListener[];
  readonly postExecute: readonly PostExecuteListener[];
  readonly guards: readonly Guard[];
  /** Asked again after an approval: a refusal if the tool changed meanwhile. */
  stillCallable(call: Call): Refusal | undefined;
  /**
   * The approval was deferred: park the call (its slot freed) until a decision. Settles with
   * the refusal of a denial, or `undefined` once an approved call has its slot again (or the
   * call ended meanwhile).
   */
  park(call: Call): Promise<Refusal | undefined>;
}
