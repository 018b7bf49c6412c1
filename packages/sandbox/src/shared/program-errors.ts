import type { ProgramError } from '../contract/program-result.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { correctProgramPositions, firstProgramLocation } from './program-source.js';

// Every failure a program can end with, worded for the model that wrote the program:
// what happened, then what to do next.

const MESSAGE_CHARS = 2_000;
const STACK_CHARS = 2_000;
const STACK_LINES = 20;

/** What the guest's `describeError` reports about a thrown value. */
export interface GuestErrorDescription {
  /** `error` for objects (usually Errors), `value` for thrown primitives. */
  readonly kind: 'error' | 'value';
  /** The error's name, or the primitive's `typeof`. */
  readonly name: string;
  /** The message, or the primitive as text. */
  readonly message: string;
  /** The guest stack trace, if any. */
  readonly stack?: string;
  /** A string `code` property (tool errors carry one). */
  readonly code?: string;
  /** The `jsName` of the tool whose failed call this is (a `ToolError`'s `tool` property). */
  readonly tool?: string;
}

function bounded(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… [${text.length - limit} more characters]`;
}

function boundedStack(stack: string | undefined): string | undefined {
  // Frames of the guest API's own prelude say nothing the program's author can act on.
  const lines = (stack ?? '').split('\n').filter((line) => line.trim() !== '' && !line.includes('(guest-prelude.js:'));
  if (lines.length === 0) return undefined;
  const kept = lines.slice(0, STACK_LINES).join('\n');
  const more = lines.length > STACK_LINES ? `\n    … ${lines.length - STACK_LINES} more frames` : '';
  return bounded(kept, STACK_CHARS) + more;
}

function size(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Whether a guest error is QuickJS running out of memory. */
export function isOutOfMemory(description: GuestErrorDescription): boolean {
  return description.name === 'InternalError' && description.message === 'out of memory';
}

/** Whether a guest error is QuickJS overflowing its stack. */
export function isStackOverflow(description: GuestErrorDescription): boolean {
  return description.name === 'InternalError' && description.message === 'stack overflow';
}

/** The failures, by cause. */
export const programErrors = {
  syntax(description: GuestErrorDescription): ProgramError {
    const location = firstProgramLocation(correctProgramPositions(description.stack ?? ''));
    const at = location === undefined ? '' : ` (program.js:${location.line}:${location.column})`;
    return {
      code: 'EXEC_SYNTAX',
      message: bounded(
        `The program does not parse: ${description.name}: ${description.message}${at}. ` +
          'It runs as the body of an async function: use `return` for the result and `await` freely; `import` is not available.',
        MESSAGE_CHARS,
      ),
      ...(location === undefined ? {} : { location }),
    };
  },
  runtime(description: GuestErrorDescription): ProgramError {
    const code = description.code === undefined ? '' : ` [${description.code}]`;
    const tool = description.tool === undefined ? '' : ` from tools.${description.tool}`;
    const message =
      description.kind === 'error'
        ? `Uncaught ${description.name}${code}${tool}: ${description.message}`
        : `Uncaught exception (a thrown ${description.name}, not an Error): ${description.message}`;
    const stack = boundedStack(description.stack === undefined ? undefined : correctProgramPositions(description.stack));
    const location = firstProgramLocation(stack);
    return {
      code: 'EXEC_RUNTIME',
      message: bounded(message, MESSAGE_CHARS),
      ...(stack === undefined ? {} : { stack }),
      ...(location === undefined ? {} : { location }),
    };
  },
  notJson(reason: string): ProgramError {
    return {
      code: 'EXEC_RUNTIME',
      message: bounded(
        `The program's return value cannot be returned: ${reason}. Return data: objects, arrays, strings, numbers, booleans and null (a Map, Set, Date, BigInt or class instance is converted; a function, symbol or cycle is not).`,
        MESSAGE_CHARS,
      ),
    };
  },
  neverSettles(): ProgramError {
    return {
      code: 'EXEC_RUNTIME',
      message:
        'The program is waiting on a promise that nothing can settle (no tool call, timer or job is pending), so it would never finish. ' +
        'Make sure every promise you await is resolved.',
    };
  },
  cpuBudget(limits: SandboxLimits): ProgramError {
    return {
      code: 'EXEC_CPU_BUDGET',
      message:
        `The program used more than its ${limits.cpuBudgetMs} ms of CPU time and was stopped. ` +
        'Look for an infinite loop, or do less work in one program (time spent waiting on tools does not count).',
    };
  },
  wallClock(limits: SandboxLimits, killed: boolean): ProgramError {
    return {
      code: 'EXEC_CPU_BUDGET',
      message:
        `The program ran for more than ${limits.cpuBudgetMs + limits.watchdogGraceMs} ms of wall-clock time ` +
        `(CPU budget ${limits.cpuBudgetMs} ms + ${limits.watchdogGraceMs} ms grace; time waiting on tools does not count) ` +
        `and was ${killed ? 'killed by the watchdog' : 'stopped'}. Avoid long timers, busy waiting and very long single operations.`,
    };
  },
  memory(limits: SandboxLimits): ProgramError {
    return {
      code: 'EXEC_MEMORY',
      message:
        `The program ran out of memory (limit ${size(limits.memoryBytes)}). ` +
        'Work on smaller pieces of data and keep fewer values alive at once.',
    };
  },
  stack(limits: SandboxLimits): ProgramError {
    return {
      code: 'EXEC_STACK',
      message:
        `The program overflowed its stack (limit ${size(limits.stackBytes)}), most likely through deep or endless recursion. ` +
        'Use a loop or an explicit stack instead.',
    };
  },
  textLimit(limits: SandboxLimits): ProgramError {
    return {
      code: 'EXEC_OUTPUT_LIMIT',
      message:
        `The program produced more than ${limits.maxTextChars} characters of text; the output was cut there and the program stopped. ` +
        'Print less: summarize, or print only what is needed.',
    };
  },
  mediaLimit(limits: SandboxLimits): ProgramError {
    return {
      code: 'EXEC_OUTPUT_LIMIT',
      message:
        `The program produced more media than allowed (at most ${limits.maxMediaItems} items and ${size(limits.maxMediaBytes)} in all); ` +
        'the program stopped. Produce fewer or smaller images and audio clips.',
    };
  },
  resultLimit(bytes: number, limits: SandboxLimits): ProgramError {
    return {
      code: 'EXEC_OUTPUT_LIMIT',
      message:
        `The program's return value is ${bytes} bytes of JSON, over the limit of ${size(limits.maxResultBytes)}. ` +
        'Return less: a summary, a slice, or only the fields that are needed.',
    };
  },
  turnDataLimit(limit: number): ProgramError {
    return {
      code: 'EXEC_OUTPUT_LIMIT',
      message:
        `The program sent more than ${size(limit)} of data to the host in one turn (tool inputs, stored and notified values together); the program stopped. ` +
        'Send less at once: await results between large calls, or pass smaller pieces.',
    };
  },
  sourceLimit(bytes: number, limits: SandboxLimits): ProgramError {
    return {
      code: 'EXEC_SOURCE_LIMIT',
      message:
        `The program is ${bytes} bytes, over the limit of ${size(limits.sourceBytes)}. ` +
        'Send a shorter program, or split the work across several programs.',
    };
  },
  cancelled(): ProgramError {
    return { code: 'EXEC_CANCELLED', message: 'The program was cancelled before it finished.' };
  },
  closed(): ProgramError {
    return { code: 'EXEC_CANCELLED', message: 'The sandbox was closed, so the program did not run to its end.' };
  },
  atCapacity(running: number, queued: number): ProgramError {
    return {
      code: 'EXEC_CANCELLED',
      message:
        `The program was not run: the sandbox is at capacity (${running} programs running and ${queued} waiting, its limits). ` +
        'Try again when fewer programs are running.',
    };
  },
  crashed(detail: string): ProgramError {
    return {
      code: 'EXEC_CRASHED',
      message: bounded(`The sandbox failed while running the program: ${detail}. Running it again may work.`, MESSAGE_CHARS * 3),
    };
  },
} as const;
