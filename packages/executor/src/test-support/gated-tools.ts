// Tools that hold until the test releases them, and a log of when each call started and
// ended: overlap is measured from the log, never from the clock.
import type { FunctionToolDefinition } from '@toolcell/core';
import { textOutput } from '@toolcell/core';
import { deferred } from './fixtures.js';

/** Start/end log and gates of gated tools. */
export class Gates {
  readonly log: string[] = [];
  private readonly open = new Map<string, () => void>();
  private readonly ran = new Set<string>();

  /** A tool whose every call logs `start <callId>`, waits for {@link release}, then logs `end <callId>`. */
  tool(name: string, options: { readOnly?: boolean } = {}): FunctionToolDefinition {
    return {
      kind: 'function',
      name,
      description: `Gated ${name}.`,
      inputSchema: { type: 'object' },
      readOnly: options.readOnly,
      execute: async (_input, context) => {
        const gate = deferred();
        this.open.set(context.callId, gate.resolve);
        this.ran.add(context.callId);
        this.log.push(`start ${context.callId}`);
        await gate.promise;
        this.log.push(`end ${context.callId}`);
        return textOutput(context.callId);
      },
    };
  }

  /** Let a started call finish. */
  release(callId: string): void {
    const resolve = this.open.get(callId);
    if (resolve === undefined) throw new Error(`${callId} has not started`);
    this.open.delete(callId);
    resolve();
  }

  /** Calls started and not yet ended, in start order. */
  get running(): string[] {
    return this.log.filter((entry) => entry.startsWith('start ') && !this.log.includes(`end ${entry.slice(6)}`)).map((entry) => entry.slice(6));
  }

  /** Whether the call's body ever started. */
  started(callId: string): boolean {
    return this.ran.has(callId);
  }

  /** The largest number of calls that were running at once. */
  get maxOverlap(): number {
    let current = 0;
    let max = 0;
    for (const entry of this.log) {
      current += entry.startsWith('start ') ? 1 : -1;
      max = Math.max(max, current);
    }
    return max;
  }
}
