import type { DurableProgramResult, ProgramResult, RunProgramRequest } from '@toolcell/sandbox';
import { withCodeFrame } from './code-frame.js';
import { stripTypes } from './strip-types.js';

/**
 * Run a program as the model wrote it, JavaScript or TypeScript, with `run` (a transport's
 * `run`, or a durable run, whose result may be `suspended`). It runs as JavaScript first:
 * plain JavaScript never pays for the type stripper. Only when that does not compile (a
 * syntax error, before any of it ran) are its types stripped and the stripped program run.
 * Every error at a program position gets a code frame from the model's source.
 */
export function runProgramSource(run: (request: RunProgramRequest) => Promise<ProgramResult>, request: RunProgramRequest): Promise<ProgramResult>;
export function runProgramSource(run: (request: RunProgramRequest) => Promise<DurableProgramResult>, request: RunProgramRequest): Promise<DurableProgramResult>;
export async function runProgramSource(run: (request: RunProgramRequest) => Promise<DurableProgramResult>, request: RunProgramRequest): Promise<DurableProgramResult> {
  const first = await run(request);
  if (first.status === 'suspended' || first.error?.code !== 'EXEC_SYNTAX' || first.output.length > 0 || first.stats.toolCalls > 0 || request.signal?.aborted === true) {
    return framed(first, request.source);
  }
  const stripped = await stripTypes(request.source);
  if (stripped.kind === 'failed') return framed({ ...first, error: stripped.error }, request.source);
  if (stripped.kind === 'unchanged') return framed(first, request.source);
  const second = await run({ ...request, source: stripped.source });
  const stats = { ...second.stats, wallMs: first.stats.wallMs + second.stats.wallMs, cpuMs: first.stats.cpuMs + second.stats.cpuMs };
  return framed({ ...second, stats }, request.source);
}

function framed(result: DurableProgramResult, source: string): DurableProgramResult {
  if (result.status === 'suspended') return result;
  const advised = result.error?.code === 'EXEC_SYNTAX' ? decoratorAdvice(result, source) : result;
  return advised.error === undefined ? advised : { ...advised, error: withCodeFrame(advised.error, source) };
}

/** A decorator is JavaScript to the stripper but not to QuickJS: say so, instead of "unexpected token". */
function decoratorAdvice(result: ProgramResult, source: string): ProgramResult {
  const location = result.error?.location;
  if (location === undefined || source.split('\n')[location.line - 1]?.[location.column - 1] !== '@') return result;
  const at = `(program.js:${location.line}:${location.column})`;
  return {
    ...result,
    error: {
      code: 'EXEC_SYNTAX',
      message: `The program uses a decorator ${at}, which the sandbox does not support: call the function on the class or method yourself, \`C = decorate(C)\`.`,
      location,
    },
  };
}
