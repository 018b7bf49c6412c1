import type { CallSummary, TimelineEvent } from '../runtime/worker-protocol.js';

interface CallRow {
  readonly callId: string;
  readonly toolName: string;
  readonly parentCallId: string | undefined;
  readonly startAt: number;
  endAt: number | undefined;
  readonly stages: { stage: string; result: string | undefined; at: number }[];
  summary: CallSummary | undefined;
}

/**
 * The live timeline of one run: a bar per call from `call-start` to `call-end` on one
 * shared time axis (parallel calls overlap), its policy stages as ticks, and its typed
 * result next to its wire output.
 */
export class TimelineView {
  private readonly rows = new Map<string, CallRow>();
  private origin: number | undefined;
  private scheduled = false;

  constructor(private readonly element: HTMLElement) {}

  clear(): void {
    this.rows.clear();
    this.origin = undefined;
    this.render();
  }

  add(event: TimelineEvent): void {
    if (event.type === 'call-start') {
      this.origin ??= event.at;
      this.rows.set(event.callId, { callId: event.callId, toolName: event.toolName, parentCallId: event.parentCallId, startAt: event.at, endAt: undefined, stages: [], summary: undefined });
    } else {
      const row = this.rows.get(event.callId);
      if (!row) return;
      if (event.type === 'call-stage') row.stages.push({ stage: event.stage, result: event.result, at: event.at });
      else if (event.type === 'call-denied') row.stages.push({ stage: `denied at ${event.stage}`, result: event.code, at: event.at });
      else {
        row.endAt = event.at;
        row.summary = event.summary;
      }
    }
    // Events arrive in bursts; draw once per frame.
    if (!this.scheduled) {
      this.scheduled = true;
      requestAnimationFrame(() => {
        this.scheduled = false;
        this.render();
      });
    }
  }

  private render(): void {
    const rows = [...this.rows.values()];
    const origin = this.origin ?? 0;
    const now = performance.timeOrigin + performance.now();
    const end = Math.max(origin + 1, ...rows.map((row) => row.endAt ?? now));
    const span = end - origin;
    this.element.replaceChildren(
      ...rows.map((row) => {
        const item = document.createElement('div');
        item.className = `call ${row.summary?.status ?? 'running'}`;
        item.dataset.callId = row.callId;
        item.dataset.tool = row.toolName;
        item.dataset.start = String(row.startAt - origin);
        if (row.endAt !== undefined) item.dataset.end = String(row.endAt - origin);
        const label = document.createElement('div');
        label.className = 'call-label';
        const status = row.summary ? (row.summary.status === 'ok' ? 'ok' : row.summary.code ?? 'error') : 'running';
        const duration = row.endAt === undefined ? '' : ` ${Math.round(row.endAt - row.startAt)} ms`;
        label.textContent = `${row.parentCallId ? '  ↳ ' : ''}${row.toolName} ${row.callId} — ${status}${duration}`;
        const track = document.createElement('div');
        track.className = 'track';
        const bar = document.createElement('div');
        bar.className = 'bar';
        bar.style.left = `${((row.startAt - origin) / span) * 100}%`;
        bar.style.width = `${Math.max(0.5, (((row.endAt ?? now) - row.startAt) / span) * 100)}%`;
        track.append(bar);
        for (const stage of row.stages) {
          const tick = document.createElement('div');
          tick.className = 'tick';
          tick.title = `${stage.stage}${stage.result ? `: ${stage.result}` : ''}`;
          tick.style.left = `${((stage.at - origin) / span) * 100}%`;
          track.append(tick);
        }
        const stages = document.createElement('div');
        stages.className = 'stages';
        stages.textContent = row.stages.map((stage) => `${stage.stage}${stage.result ? `=${stage.result}` : ''}`).join(' → ');
        item.append(label, track, stages);
        if (row.summary) item.append(projections(row.summary));
        return item;
      }),
    );
  }
}

function projections(summary: CallSummary): HTMLElement {
  const box = document.createElement('div');
  box.className = 'projections';
  const typed = document.createElement('pre');
  typed.className = 'typed';
  typed.textContent = `typed result:\n${JSON.stringify(summary.result, null, 2)}`;
  const wire = document.createElement('pre');
  wire.className = 'wire';
  wire.textContent = `wire output:\n${summary.wireText}`;
  box.append(typed, wire);
  return box;
}
