import type { PlaygroundConfig } from '../runtime/playground-config.js';
import { PLAYGROUND_LIMITS, WATCHDOG_GRACE_MS } from '../runtime/playground-limits.js';
import type { CallSummary, PageToWorker, TimelineEvent, WorkerToPage } from '../runtime/worker-protocol.js';

/** What the page hears from the worker, besides answers. */
export interface WorkerClientListeners {
  readonly onTimeline: (event: TimelineEvent) => void;
  readonly onCell: (cell: { cellId: string; status: string; output: string }) => void;
  readonly onApproval: (request: Extract<WorkerToPage, { type: 'approval-request' }>) => void;
  readonly onQuestion: (question: Extract<WorkerToPage, { type: 'question' }>) => void;
  /** The watchdog ended a stuck worker (a fresh one is already starting). */
  readonly onRestart: (reason: string) => void;
}

type Answer = Extract<WorkerToPage, { type: 'answer' }>;
type Request = PageToWorker extends infer Message ? (Message extends { requestId: number } ? Omit<Message, 'requestId'> : never) : never;

const PING_EVERY_MS = 500;
const STUCK_AFTER_MS = (PLAYGROUND_LIMITS.cpuBudgetMs ?? 30_000) + WATCHDOG_GRACE_MS;

/**
 * The page's side of the runtime worker, with its watchdog: while a request is in flight
 * the worker is pinged; when it has not answered a ping for longer than the CPU budget
 * plus a grace, it is stuck in synchronous code, so it is terminated, its requests end
 * with `EXEC_CPU_BUDGET`, and a new worker is started with the same config.
 */
export class WorkerClient {
  private worker!: Worker;
  private nextRequestId = 1;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  private config: PlaygroundConfig | undefined;
  private lastPongAt = performance.now();
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private nextPingId = 1;
  /** Resolves when the current worker has booted. */
  ready!: Promise<number>;

  constructor(private readonly listeners: WorkerClientListeners) {
    this.start();
  }

  private start(): void {
    this.worker = new Worker(new URL('../worker/runtime-worker.ts', import.meta.url), { type: 'module' });
    let booted: (bootMs: number) => void = () => undefined;
    this.ready = new Promise((resolve) => (booted = resolve));
    this.lastPongAt = performance.now();
    this.worker.addEventListener('message', (event: MessageEvent<WorkerToPage>) => {
      const message = event.data;
      if (message.type === 'ready') booted(message.bootMs);
      else if (message.type === 'pong') this.lastPongAt = performance.now();
      else if (message.type === 'answer') {
        const resolve = this.pending.get(message.requestId);
        this.pending.delete(message.requestId);
        resolve?.(message);
        if (this.pending.size === 0) this.stopPinging();
      } else if (message.type === 'timeline') this.listeners.onTimeline(message.event);
      else if (message.type === 'cell') this.listeners.onCell(message);
      else if (message.type === 'question') this.listeners.onQuestion(message);
      else this.listeners.onApproval(message);
    });
  }

  /** Build the runtime in the worker for `config` (remembered for a restart). */
  async configure(config: PlaygroundConfig): Promise<void> {
    this.config = config;
    const answer = await this.request({ type: 'configure', config });
    if (answer.error) throw new Error(answer.error);
  }

  /** Send a request; resolves with its answer (a watchdog restart answers it too). */
  request(message: Request): Promise<Answer> {
    const requestId = this.nextRequestId++;
    const answer = new Promise<Answer>((resolve) => this.pending.set(requestId, resolve));
    this.worker.postMessage({ ...message, requestId } as PageToWorker);
    if (message.type !== 'configure' && message.type !== 'stored') this.startPinging();
    return answer;
  }

  /** Answer an approval request. */
  decide(approvalId: number, approve: boolean): void {
    this.worker.postMessage({ type: 'approval-decision', approvalId, approve } satisfies PageToWorker);
  }

  /** Answer `ask_user_question` (`null`: nobody answers). */
  answer(questionId: number, answer: string | null): void {
    this.worker.postMessage({ type: 'question-answer', questionId, answer } satisfies PageToWorker);
  }

  /** Ping while requests are in flight; a pending approval leaves the worker idle, so it still answers. */
  private startPinging(): void {
    if (this.pingTimer !== undefined) return;
    this.lastPongAt = performance.now();
    this.pingTimer = setInterval(() => {
      if (performance.now() - this.lastPongAt > STUCK_AFTER_MS) {
        void this.restart(`the worker did not answer for ${Math.round(STUCK_AFTER_MS / 1000)} s`);
        return;
      }
      this.worker.postMessage({ type: 'ping', pingId: this.nextPingId++ } satisfies PageToWorker);
    }, PING_EVERY_MS);
  }

  private stopPinging(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private async restart(reason: string): Promise<void> {
    this.stopPinging();
    this.worker.terminate();
    const stuck = [...this.pending.entries()];
    this.pending.clear();
    const summary: CallSummary = {
      callId: 'watchdog',
      toolName: 'exec',
      status: 'error',
      code: 'EXEC_CPU_BUDGET',
      message: `The watchdog ended the sandbox worker: ${reason}.`,
      result: null,
      wireText: `EXEC_CPU_BUDGET: the watchdog ended the sandbox worker: ${reason}.`,
    };
    for (const [requestId, resolve] of stuck) resolve({ type: 'answer', requestId, summary });
    this.listeners.onRestart(reason);
    this.start();
    if (this.config) await this.configure(this.config);
  }
}
