import type { TranscriptEvent, TranscriptSink, TranscriptToolCall } from '../agent/transcript-event.js';
import { mcpServerLine } from '../mcp/mcp-server-notices.js';

/** Options of {@link createProgressPrinter}. */
export interface ProgressPrinterOptions {
  /** Receives each finished line (without its newline). */
  readonly write: (line: string) => void;
  /** Put before every line (e.g. the run's name in the demo). */
  readonly prefix?: string;
  /** Print the model's text answers too (default true). */
  readonly showText?: boolean;
}

function formatDuration(milliseconds: number | undefined): string {
  if (milliseconds === undefined) return '';
  return milliseconds >= 1000 ? ` ${(milliseconds / 1000).toFixed(2)} s` : ` ${milliseconds.toFixed(1)} ms`;
}

function oneLine(text: string, limit = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

function describeCall(call: TranscriptToolCall): string {
  if (call.input !== undefined) return `${call.name} (${call.input.split('\n').length} lines of JavaScript)`;
  if (call.arguments === undefined || Object.keys(call.arguments).length === 0) return call.name;
  return `${call.name} ${oneLine(JSON.stringify(call.arguments), 80)}`;
}

/**
 * Live progress for people: each model turn, each call as it starts and ends (nested
 * calls indented under their `exec`), approvals and the final answer.
 */
export function createProgressPrinter(options: ProgressPrinterOptions): TranscriptSink {
  const depth = new Map<string, number>();
  /** Calls whose approval was deferred: their program may be suspended into the store. */
  const deferred = new Set<string>();
  const prefix = options.prefix ?? '';
  const line = (indent: number, text: string) => options.write(`${prefix}${'  '.repeat(indent)}${text}`);
  return (event: TranscriptEvent) => {
    switch (event.type) {
      case 'model_request':
        line(0, `turn ${event.turn}: request to the model (${event.tools.length} tools declared)`);
        return;
      case 'model_response': {
        if (event.text && options.showText !== false && event.tool_calls.length > 0) line(1, `model: ${oneLine(event.text)}`);
        const calls = event.tool_calls.map(describeCall).join(', ');
        line(1, event.tool_calls.length === 0 ? 'model answered' : `model calls ${calls}`);
        return;
      }
      case 'call_start': {
        const level = event.parentCallId === undefined ? 1 : (depth.get(event.parentCallId) ?? 1) + 1;
        depth.set(event.callId, level);
        line(level, `▸ ${event.name} ${event.callId}`);
        return;
      }
      case 'call_end': {
        const level = depth.get(event.callId) ?? 1;
        depth.delete(event.callId);
        if (deferred.delete(event.callId) && event.code === 'ABORTED') {
          // Its program was suspended into the store: the call is parked there, not lost.
          line(level, `⏸ ${event.name} waits in the store for its approval (toolcell approvals)`);
          return;
        }
        const result = event.status === 'ok' ? `✓ ${event.name}` : `✗ ${event.name} ${event.code}${event.message ? `: ${oneLine(event.message)}` : ''}`;
        line(level, `${result}${formatDuration(event.durationMs)}`);
        return;
      }
      case 'approval':
        if (event.decision === 'deferred') deferred.add(event.callId);
        line((depth.get(event.callId) ?? 1) + 1, `approval for ${event.name}: ${event.decision} (${event.reason})`);
        return;
      case 'hook':
        return;
      case 'cell_wait':
        line(1, `cells ${event.cellIds.join(', ')} still running: waiting for their news (push completion; the model is not asked again until then)`);
        return;
      case 'cell_update':
        line(1, `cell ${event.cellId} ${event.status === 'running' ? 'has news' : event.status}: told the model in one message`);
        return;
      case 'mcp_server':
        line(0, mcpServerLine(event));
        return;
      case 'cell_resume':
        line(0, `cell ${event.cellId} resumed from the store: ${event.status === 'awaiting_approval' ? 'still awaiting approval' : event.status}; told the model its report`);
        return;
      case 'approvals_pending':
        line(0, `session ${event.session} waits for ${event.approvals.length} approval${event.approvals.length === 1 ? '' : 's'} in the store`);
        for (const approval of event.approvals) line(1, `${approval.approvalId}  ${approval.toolName} ${oneLine(approval.args, 100)} (cell ${approval.cellId})`);
        return;
      case 'final':
        line(0, `done after ${event.turns} model requests, ${event.tokens} tokens sent`);
        return;
    }
  };
}
