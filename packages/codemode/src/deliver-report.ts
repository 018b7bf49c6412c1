import type { ToolOutput } from '@toolcell/core';
import { ToolFailure } from '@toolcell/core';
import type { CodeModeContext } from './code-mode-context.js';
import type { ExecReport } from './exec-report.js';
import { renderExecAnswer } from './exec-report.js';

/** Turn an observation into exec's (or wait's) output, or throw it as a failure with its output kept. */
export async function deliverReport(context: CodeModeContext, report: ExecReport, maxOutputTokens: number): Promise<ToolOutput> {
  const output = await renderExecAnswer(report, maxOutputTokens, context.countTokens);
  if (report.status === 'failed') {
    const error = report.error ?? { code: 'EXEC_RUNTIME', message: 'The program failed.' };
    throw new ToolFailure({ code: error.code, message: error.message, output });
  }
  return output;
}
