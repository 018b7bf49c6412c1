import { errorMessage } from '@toolcell/core';
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import type { ProgramError } from '../contract/program-result.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { isOutOfMemory, isStackOverflow, programErrors } from '../shared/program-errors.js';
import type { GuestErrorDescription } from '../shared/program-errors.js';
import type { CpuClock } from './cpu-clock.js';
import type { QuickJsInstance } from './quickjs-instance.js';

/** Where an exception surfaced: installing the API, compiling, running, or serializing the result. */
export type GuestFailurePhase = 'start' | 'compile' | 'run' | 'result';

/** A failed ending, and whether the module stays sound. */
export interface EngineFailure {
  readonly status: 'failed';
  readonly error: ProgramError;
  readonly reusable: boolean;
}

/** What the classifier reads. */
export interface ExceptionClassifierOptions {
  readonly context: QuickJSContext;
  readonly runtime: QuickJSRuntime;
  readonly instance: QuickJsInstance;
  readonly limits: SandboxLimits;
  readonly clock: CpuClock;
  /** The prelude's `textJson`, to read guest strings whole. */
  readonly textJson: QuickJSHandle;
}

/** Room to describe an error when the heap is full (its message and stack need memory). */
const DESCRIBE_HEADROOM_BYTES = 1024 * 1024;
/** The module's memory counts as exhausted within this much of its cap. */
const CAP_SLACK_BYTES = 2 * 1024 * 1024;

function failed(error: ProgramError, reusable = false): EngineFailure {
  return { status: 'failed', error, reusable };
}

/** Turns what the interpreter threw into the program's failure. */
export class ExceptionClassifier {
  constructor(private readonly options: ExceptionClassifierOptions) {}

  /** An exception inside the guest (uncaught error, interrupt, out of memory, stack overflow). */
  guestException(exception: QuickJSHandle, phase: GuestFailurePhase): EngineFailure {
    const { limits, clock } = this.options;
    if (clock.exceeded()) return failed(programErrors.cpuBudget(limits));
    const description = this.describe(exception);
    // Out of memory can leave no room to build the error: QuickJS then throws null.
    const voidThrow = description === undefined || (description.kind === 'value' && ['object', 'undefined'].includes(description.name));
    if (voidThrow && this.memoryExhausted()) return failed(programErrors.memory(limits));
    if (description === undefined) {
      if (clock.exceeded()) return failed(programErrors.cpuBudget(limits));
      return failed(programErrors.crashed('the interpreter threw an exception that could not be inspected'));
    }
    if (isOutOfMemory(description)) return failed(programErrors.memory(limits));
    if (isStackOverflow(description)) return failed(programErrors.stack(limits));
    if (phase === 'compile' && description.name === 'SyntaxError') return failed(programErrors.syntax(description), true);
    if (phase === 'result') return failed(programErrors.notJson(description.message), true);
    if (phase === 'start') return failed(programErrors.crashed(`the guest API could not be installed (${description.message})`));
    return failed(programErrors.runtime(description), true);
  }

  /** An exception from the interpreter itself: its module is broken from here on. */
  hostException(error: unknown): EngineFailure {
    const { instance, limits } = this.options;
    instance.healthy = false;
    if (error instanceof RangeError && /call stack/i.test(error.message)) return failed(programErrors.stack(limits));
    if (instance.memory.buffer.byteLength + CAP_SLACK_BYTES >= instance.capBytes) return failed(programErrors.memory(limits));
    const message = errorMessage(error);
    const printed = instance.diagnostics.length > 0 ? `; it printed: ${instance.diagnostics.join(' | ')}` : '';
    return failed(programErrors.crashed(`the interpreter aborted (${message})${printed}`));
  }

  /** What was thrown, read from the host side (a guest-side helper could have been tampered with). */
  private describe(exception: QuickJSHandle): GuestErrorDescription | undefined {
    const { context, runtime, limits } = this.options;
    try {
      runtime.setMemoryLimit(limits.memoryBytes + DESCRIBE_HEADROOM_BYTES);
      const type = context.typeof(exception);
      const isNull = context.sameValue(exception, context.null);
      if ((type !== 'object' && type !== 'function') || isNull) {
        return { kind: 'value', name: isNull ? 'object' : type, message: this.text(exception) ?? String(type) };
      }
      const name = this.stringProperty(exception, 'name');
      const message = this.stringProperty(exception, 'message');
      const stack = this.stringProperty(exception, 'stack');
      const code = this.stringProperty(exception, 'code');
      const tool = name === 'ToolError' ? this.stringProperty(exception, 'tool') : undefined;
      return {
        kind: 'error',
        name: name ?? 'Error',
        message: message ?? this.text(exception) ?? '',
        ...(stack === undefined ? {} : { stack }),
        ...(code === undefined ? {} : { code }),
        ...(tool === undefined ? {} : { tool }),
      };
    } catch {
      return undefined;
    } finally {
      runtime.setMemoryLimit(limits.memoryBytes);
    }
  }

  /** `value` as `text(value)` would print it, or undefined if that throws. */
  private text(value: QuickJSHandle): string | undefined {
    const { context, textJson } = this.options;
    const result = context.callFunction(textJson, context.undefined, value);
    if (result.error !== undefined) {
      result.error.dispose();
      return undefined;
    }
    try {
      return JSON.parse(context.getString(result.value)) as string;
    } finally {
      result.value.dispose();
    }
  }

  private stringProperty(value: QuickJSHandle, name: string): string | undefined {
    const property = this.options.context.getProp(value, name);
    try {
      return this.options.context.typeof(property) === 'string' ? this.text(property) : undefined;
    } finally {
      property.dispose();
    }
  }

  /** Whether the heap is (nearly) full, or the module's memory reached its cap. */
  private memoryExhausted(): boolean {
    const { instance, runtime, context, limits } = this.options;
    if (instance.memory.buffer.byteLength + CAP_SLACK_BYTES >= instance.capBytes) return true;
    try {
      runtime.setMemoryLimit(-1);
      const usage = runtime.computeMemoryUsage();
      try {
        const { malloc_size: used } = context.dump(usage) as { malloc_size?: number };
        return (used ?? 0) >= limits.memoryBytes * 0.75;
      } finally {
        usage.dispose();
      }
    } catch {
      return true;
    } finally {
      runtime.setMemoryLimit(limits.memoryBytes);
    }
  }
}
