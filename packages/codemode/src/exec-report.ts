import type { ExecErrorCode, JsonValue, ToolErrorCode, ToolOutput, WireContentPart } from '@toolcell/core';
import { toolOutput } from '@toolcell/core';
import type { TokenCounter } from '@toolcell/sdkgen';
import { loadTokenCounter } from '@toolcell/sdkgen';
import type { MediaOutputItem, OutputItem } from '@toolcell/sandbox';
import type { DurableApprovalView } from './durable/durable-cell-report.js';
import type { TruncatedText } from './truncate-tokens.js';
import { fitsUncounted, truncateToTokens } from './truncate-tokens.js';

/**
 * How an observation of a program ended. `awaiting_approval`: with a durable store, every
 * call the program had in flight waits for an approval decided later; the cell is
 * suspended into the store (no process holds it) and goes on once they are decided.
 */
export type ExecStatus = 'completed' | 'failed' | 'terminated' | 'running' | 'awaiting_approval';

/**
 * One item a program produced with `text`, `image`, `audio` or `generatedImage`: the
 * sandbox's `OutputItem`, as the cell received it.
 */
export type ExecOutputItem = OutputItem;

/** Everything one observation of a cell reports (exec's answer, or a later wait's). */
export interface ExecReport {
  readonly status: ExecStatus;
  readonly cellId: string;
  /** Wall time since the program started. */
  readonly wallMs: number;
  /** Items produced since the previous observation. */
  readonly output: readonly ExecOutputItem[];
  readonly returnValue?: JsonValue;
  readonly error?: { readonly code: ExecErrorCode | ToolErrorCode; readonly message: string; readonly stack?: string };
  /** Context that hooks attached to nested calls, for the model (delivered once). */
  readonly notes?: readonly string[];
  /** With `awaiting_approval`: every approval the suspended cell waits for. */
  readonly pendingApprovals?: readonly DurableApprovalView[];
}

/** One approval a suspended cell waits for, in {@link ExecResult}. */
export type PendingApprovalResult = {
  /** What a person approves or denies (`codeMode.durable.decide(approval_id, …)`). */
  approval_id: string;
  /** The canonical tool name. */
  tool_name: string;
  /** The arguments as the approval preview shows them. */
  args: string;
  cell_id: string;
  /** Epoch milliseconds after which it can no longer be decided. */
  expires_at: number;
};

/**
 * The typed result of `exec` (and of `wait` on a cell): what the host reads as
 * `outcome.output.result.value`, while the model reads the rendered text. A `type`, not an
 * `interface`, so that it is a `JsonValue`.
 */
export type ExecResult = {
  /** How this observation ended: `completed`, `failed`, `terminated`, `running` (yielded) or `awaiting_approval` (suspended into the durable store). */
  status: ExecStatus;
  /** The cell the program runs in; pass it to `wait({ cell_id })` while it is `running`. */
  cell_id: string;
  /** Wall time since the program started, in whole milliseconds. */
  wall_ms: number;
  /** The text the program printed since the previous observation (never cut here). */
  text: string;
  /** What the program returned, as JSON; absent when it returned nothing or has not ended. */
  return_value?: JsonValue;
  /** Why it failed: an `EXEC_*` code (or a tool error code) and the message. */
  error?: { code: ExecErrorCode | ToolErrorCode; message: string };
  /** With `awaiting_approval`: every approval of the batch the cell waits for, at once. */
  pending_approvals?: PendingApprovalResult[];
  /** Set when the model's text was cut to `max_output_tokens`: the tokens before the cut (exact, unless the next field is set). */
  truncated_from_tokens?: number;
  /** `true` when `truncated_from_tokens` is an estimate (a long text, counted only in part); the marker then says "about". */
  truncated_from_tokens_estimated?: boolean;
};

/** Options of {@link renderExecReport}. */
export interface RenderOptions {
  readonly maxOutputTokens: number;
  /** Called only when the text may not fit: it has more UTF-8 bytes than `maxOutputTokens`. */
  readonly countTokens: TokenCounter;
}

function header(report: ExecReport): string {
  const time = `${Math.round(report.wallMs)} ms`;
  switch (report.status) {
    case 'completed':
      return `Script completed in ${time} (cell ${report.cellId}).`;
    case 'failed':
      return `Script failed after ${time} with ${report.error?.code ?? 'EXEC_RUNTIME'} (cell ${report.cellId}).`;
    case 'terminated':
      return `Script terminated after ${time} (cell ${report.cellId}).`;
    case 'running':
      return `Script running, cell ${report.cellId} (${time} so far). Call wait with cell_id "${report.cellId}" to see more output or to terminate it.`;
    case 'awaiting_approval':
      return `Script awaiting approval, cell ${report.cellId} (${time} so far): it is suspended until a person decides the ${plural(report.pendingApprovals?.length ?? 0, 'approval')} below, maybe in a later turn. Call wait with cell_id "${report.cellId}" once they are decided, or wait with terminate: true to deny them and end it.`;
  }
}

/**
 * The program's output gathered in one pass: the text items between media joined once per
 * run, and the media. `runs[index]` is the text before `media[index]`, the last run the text
 * after the last medium; `undefined` where no text item lies.
 */
interface Gathered {
  readonly runs: readonly (string | undefined)[];
  readonly media: readonly WireContentPart[];
  readonly printed: string;
}

// Plain indexed loops into a preallocated array rather than flatMap or push: a program may
// print 100,000 items, and every pass over them, array or join costs milliseconds there.
function gather(report: ExecReport): Gathered {
  const lines = new Array<string>(report.output.length);
  const runs: (string | undefined)[] = [];
  const media: WireContentPart[] = [];
  let count = 0;
  let runStart = 0;
  for (let index = 0; index < report.output.length; index += 1) {
    const item = report.output[index]!;
    if (item.type === 'text') {
      lines[count] = item.text;
      count += 1;
      continue;
    }
    runs.push(count > runStart ? lines.slice(runStart, count).join('\n') : undefined);
    runStart = count;
    media.push(mediaPart(item));
  }
  lines.length = count;
  runs.push(count > runStart ? (runStart === 0 ? lines.join('\n') : lines.slice(runStart).join('\n')) : undefined);
  const printed = media.length === 0 ? (runs[0] ?? '') : runs.filter((run) => run !== undefined).join('\n');
  return { runs, media, printed };
}

/** The answer's text before any cut: the printed text, then the trailer (computed once; a return value can be large). */
interface Draft extends Gathered {
  readonly after: string;
  readonly body: string;
}

function draft(report: ExecReport): Draft {
  const gathered = gather(report);
  const { printed } = gathered;
  const after = trailer(report);
  return { ...gathered, after, body: printed === '' ? after : after === '' ? printed : `${printed}\n${after}` };
}

/** What follows the program's output: return value, notes, error. */
function trailer(report: ExecReport): string {
  const sections: string[] = [];
  if (report.returnValue !== undefined) sections.push(`Return value: ${JSON.stringify(report.returnValue)}`);
  for (const note of report.notes ?? []) sections.push(`Note: ${note}`);
  if (report.pendingApprovals !== undefined && report.pendingApprovals.length > 0) sections.push(pendingList(report.pendingApprovals));
  if (report.error) {
    sections.push(`Error ${report.error.code}: ${report.error.message}${report.error.stack ? `\n${report.error.stack}` : ''}`);
  }
  return sections.join('\n');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The approvals a suspended cell waits for, one per line (multi-line arguments indented). */
function pendingList(approvals: readonly DurableApprovalView[]): string {
  const lines = approvals.map((approval) => {
    const args = approval.args === '' ? '' : `\n    ${approval.args.split('\n').join('\n    ')}`;
    return `- ${approval.approvalId}: ${approval.toolName} (expires ${new Date(approval.expiresAt).toISOString()})${args}`;
  });
  return `Pending approvals:\n${lines.join('\n')}`;
}

function mediaPart(item: MediaOutputItem): WireContentPart {
  if (item.type === 'audio') return { type: 'audio', mimeType: item.mimeType, data: item.data };
  return { type: 'image', mimeType: item.mimeType, data: item.data };
}

const joined = (first: string | undefined, second: string | undefined): string | undefined =>
  first === undefined ? second : second === undefined ? first : `${first}\n${second}`;

/** Text and media in the order produced (a caption stays next to its image). */
function interleavedParts(answer: Draft, headerLine: string): WireContentPart[] {
  const parts: WireContentPart[] = [];
  // The header opens the first text part, and the trailer closes the last one.
  let text: string | undefined = headerLine;
  for (let index = 0; index < answer.media.length; index += 1) {
    text = joined(text, answer.runs[index]);
    if (text !== undefined) parts.push({ type: 'text', text });
    parts.push(answer.media[index]!);
    text = undefined;
  }
  text = joined(joined(text, answer.runs[answer.media.length]), answer.after === '' ? undefined : answer.after);
  if (text !== undefined) parts.push({ type: 'text', text });
  return parts;
}

/**
 * Render what the model receives for one observation: a header line (never cut), the
 * program's text and media in the order produced, its return value and, on failure, the
 * error. Text over the token budget is cut keeping head and tail, and then the media
 * follow the cut text. The typed result carries the same facts as JSON.
 */
export function renderExecReport(report: ExecReport, options: RenderOptions): ToolOutput<ExecResult> {
  const answer = draft(report);
  return finishRendering(report, answer, answer.body === '' ? undefined : truncateToTokens(answer.body, options.maxOutputTokens, options.countTokens));
}

/**
 * {@link renderExecReport} for codemode's own answers: without a host counter, sdkgen's
 * o200k counter is loaded, on the first answer whose text may not fit the budget.
 */
export async function renderExecAnswer(report: ExecReport, maxOutputTokens: number, countTokens: TokenCounter | undefined): Promise<ToolOutput<ExecResult>> {
  const answer = draft(report);
  if (answer.body === '') return finishRendering(report, answer, undefined);
  if (fitsUncounted(answer.body, maxOutputTokens)) return finishRendering(report, answer, { text: answer.body, truncated: false });
  return finishRendering(report, answer, truncateToTokens(answer.body, maxOutputTokens, countTokens ?? (await loadTokenCounter())));
}

function finishRendering(report: ExecReport, answer: Draft, cut: TruncatedText | undefined): ToolOutput<ExecResult> {
  const text = cut ? `${header(report)}\n${cut.text}` : header(report);
  const result: ExecResult = {
    status: report.status,
    cell_id: report.cellId,
    wall_ms: Math.round(report.wallMs),
    text: answer.printed,
  };
  if (report.returnValue !== undefined) result.return_value = report.returnValue;
  if (report.error) result.error = { code: report.error.code, message: report.error.message };
  if (report.pendingApprovals !== undefined) {
    result.pending_approvals = report.pendingApprovals.map((approval) => ({
      approval_id: approval.approvalId,
      tool_name: approval.toolName,
      args: approval.args,
      cell_id: approval.cellId,
      expires_at: approval.expiresAt,
    }));
  }
  if (cut?.truncated) {
    result.truncated_from_tokens = cut.originalTokens;
    if (cut.estimated) result.truncated_from_tokens_estimated = true;
  }
  // Cut text cannot keep its place between media, so only then do the media follow the text.
  const wire = cut?.truncated ? [{ type: 'text' as const, text }, ...answer.media] : interleavedParts(answer, header(report));
  return toolOutput({ result, wire });
}
