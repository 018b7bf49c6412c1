// The worker: the whole runtime (registry, executor, codemode, the QuickJS sandbox on the
// in-process transport) runs here, off the page's thread, so a hostile program can hold
// only this thread and the page's watchdog can end it.
import type { JsonObject, JsonValue } from '@toolcell/core';
import type { QuestionAsker } from '@toolcell/demo-tools';
import type { ApprovalDecision } from '@toolcell/executor';
import { createInProcessTransport } from '@toolcell/sandbox';
import { benchRoundTrips } from '../bench/round-trip-bench.js';
import { summarizeOutcome } from '../runtime/call-summary.js';
import { PLAYGROUND_LIMITS } from '../runtime/playground-limits.js';
import type { PlaygroundRuntime } from '../runtime/playground-runtime.js';
import { createPlaygroundRuntime } from '../runtime/playground-runtime.js';
import type { PageToWorker, WorkerToPage } from '../runtime/worker-protocol.js';

const startedAt = performance.now();
const transport = createInProcessTransport({ limits: PLAYGROUND_LIMITS });
const pendingApprovals = new Map<number, (decision: ApprovalDecision) => void>();
const pendingQuestions = new Map<number, (answer: string | undefined) => void>();
let nextApprovalId = 1;
let nextQuestionId = 1;
let nextCallId = 1;
let current: PlaygroundRuntime | undefined;

function post(message: WorkerToPage): void {
  postMessage(message);
}

/** `ask_user_question`'s way to the person: a form on the page. */
const ask: QuestionAsker = (question, signal) =>
  new Promise((resolve) => {
    const questionId = nextQuestionId++;
    pendingQuestions.set(questionId, resolve);
    signal.addEventListener('abort', () => pendingQuestions.delete(questionId), { once: true });
    post({ type: 'question', questionId, question: question.question, options: question.options });
  });

function configure(message: Extract<PageToWorker, { type: 'configure' }>): void {
  const previous = current;
  current = createPlaygroundRuntime(message.config, {
    transport,
    ask,
    approval: {
      ask: (request) =>
        new Promise<ApprovalDecision>((resolve) => {
          const approvalId = nextApprovalId++;
          pendingApprovals.set(approvalId, resolve);
          request.signal.addEventListener('abort', () => pendingApprovals.delete(approvalId), { once: true });
          post({ type: 'approval-request', approvalId, callId: request.callId, toolName: request.toolName, nested: request.nested, args: request.args as JsonValue });
        }),
    },
  });
  const { runtime, codeMode } = current;
  runtime.events.on('call-start', (event) =>
    post({ type: 'timeline', event: { type: 'call-start', callId: event.callId, toolName: event.toolName, parentCallId: event.parentCallId, at: event.at } }),
  );
  runtime.events.on('call-stage', (event) =>
    post({ type: 'timeline', event: { type: 'call-stage', callId: event.callId, stage: event.stage, result: event.result, at: event.at } }),
  );
  runtime.events.on('call-denied', (event) =>
    post({ type: 'timeline', event: { type: 'call-denied', callId: event.callId, stage: event.stage, code: event.code, at: event.at } }),
  );
  runtime.events.on('call-end', (event) =>
    post({
      type: 'timeline',
      event: { type: 'call-end', callId: event.callId, at: event.at, startedAt: event.startedAt, durationMs: event.durationMs, summary: summarizeOutcome(event.outcome) },
    }),
  );
  codeMode.events.on('cell-update', (event) =>
    post({ type: 'cell', cellId: event.cellId, status: event.status, output: event.output.map((item) => ('text' in item ? item.text : `[${item.type}]`)).join('') }),
  );
  // The old stack's cells end with it; the transport is shared and stays.
  void previous?.codeMode.shutdown();
}

async function handle(message: PageToWorker): Promise<void> {
  if (message.type === 'ping') {
    post({ type: 'pong', pingId: message.pingId });
    return;
  }
  if (message.type === 'approval-decision') {
    const resolve = pendingApprovals.get(message.approvalId);
    pendingApprovals.delete(message.approvalId);
    resolve?.(message.approve ? { type: 'approve' } : { type: 'deny', reason: 'Denied in the playground.' });
    return;
  }
  if (message.type === 'question-answer') {
    const resolve = pendingQuestions.get(message.questionId);
    pendingQuestions.delete(message.questionId);
    resolve?.(message.answer ?? undefined);
    return;
  }
  try {
    if (message.type === 'configure') {
      configure(message);
      post({ type: 'answer', requestId: message.requestId });
      return;
    }
    if (message.type === 'bench') {
      post({ type: 'answer', requestId: message.requestId, bench: await benchRoundTrips(transport) });
      return;
    }
    if (!current) throw new Error('Not configured yet.');
    const { runtime, scope, codeMode } = current;
    if (message.type === 'stored') {
      const stored = Object.fromEntries(message.keys.map((key) => [key, codeMode.storedValue(key, scope.id) ?? null]));
      post({ type: 'answer', requestId: message.requestId, stored });
      return;
    }
    const callId = `call_${nextCallId++}`;
    const request =
      message.type === 'exec'
        ? { name: 'exec', args: message.program }
        : message.type === 'wait'
          ? { name: 'wait', args: { cell_id: message.cellId, ...(message.terminate ? { terminate: true } : {}) } }
          : { name: message.name, args: message.args as JsonObject };
    const outcome = await runtime.dispatch({ ...request, callId, scope });
    post({ type: 'answer', requestId: message.requestId, summary: summarizeOutcome(outcome) });
  } catch (error) {
    post({ type: 'answer', requestId: message.requestId, error: (error as Error).message });
  }
}

addEventListener('message', (event: MessageEvent<PageToWorker>) => void handle(event.data));
post({ type: 'ready', bootMs: performance.now() - startedAt });
