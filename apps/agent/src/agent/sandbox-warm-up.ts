import type { GuestToolCall, GuestToolResponse, ProgramError, SandboxBinding, SandboxTransport } from '@toolcell/sandbox';

/**
 * What one warm-up program does: the shapes agent programs have — calls in sequence, a
 * batch of calls at once, then string, regular-expression, array and object work on the
 * results — with `tools.warm`, which the warm-up answers itself (each call gets its input back).
 */
export const SANDBOX_WARM_UP_SOURCE = `const texts = [];
for (let i = 0; i < 20; i += 1) texts.push((await tools.warm({ i, text: \`item \${i}: size=\${i * 7} owner(\${i % 3})\` })).text);
const echoed = await Promise.all(texts.map((text, i) => tools.warm({ i, text })));
const pattern = /^item (\\d+): size=(\\d+)\\s*(?:owner\\((\\w+)\\))?$/;
const rows = echoed.map((item) => pattern.exec(item.text)).filter((match) => match !== null).map((match) => ({ id: Number(match[1]), size: Number(match[2]), owner: match[3] ?? "none" }));
const owners = [...new Set(rows.map((row) => row.owner))].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
const lines = owners.map((owner) => \`\${owner}: \${rows.filter((row) => row.owner === owner).map((row) => row.size).join(", ")}\`);
return { rows: rows.length, owners: lines.join("\\n").trim().split("\\n").length };
`;

/** The nested calls one warm-up program makes: 20 in sequence, then 20 at once. */
export const SANDBOX_WARM_UP_CALLS = 40;

const WARM_BINDING: SandboxBinding = { jsName: 'warm', canonicalName: 'warm', description: 'Answers with its input (the sandbox warm-up).', kind: 'function' };

/** Options of {@link warmUpSandbox}. */
export interface SandboxWarmUpOptions {
  /** At most this many programs. */
  readonly programs: number;
  /**
   * No program starts once this aborts (the model's first reply came): the one running
   * ends as usual, so the process is never killed for it.
   */
  readonly signal?: AbortSignal;
}

/** What {@link warmUpSandbox} did. */
export interface SandboxWarmUp {
  /** Warm-up programs that completed. */
  readonly programs: number;
  /** Nested calls they made, each answered by the warm-up. */
  readonly calls: number;
  /** Why the last one did not complete, when one did not (the warm-up stopped there). */
  readonly failure?: ProgramError;
}

function echo(calls: readonly GuestToolCall[]): Promise<GuestToolResponse>[] {
  return calls.map((call) => Promise.resolve({ ok: true as const, value: call.input }));
}

/**
 * Run up to `options.programs` warm-up programs ({@link SANDBOX_WARM_UP_SOURCE}) one after
 * another on `transport`, until `options.signal` aborts — as a host does while the model
 * writes its first reply: a sandbox process's
 * first programs run several times slower than later ones (its JavaScript and the
 * interpreter's WebAssembly are not optimized yet), and a warm one runs the first real
 * program at its usual speed. The calls are answered here: nothing reaches the host's
 * tools, approval policy or transcript, and each program runs in a realm of its own, so
 * the next program sees nothing of them. They count toward the pool's
 * `maxProgramsPerProcess`.
 */
export async function warmUpSandbox(transport: SandboxTransport, options: SandboxWarmUpOptions): Promise<SandboxWarmUp> {
  let completed = 0;
  let calls = 0;
  while (completed < options.programs && options.signal?.aborted !== true) {
    const result = await transport.run({ source: SANDBOX_WARM_UP_SOURCE, bindings: [WARM_BINDING], onToolBatch: echo });
    if (result.status !== 'completed') return { programs: completed, calls, ...(result.error === undefined ? {} : { failure: result.error }) };
    completed += 1;
    calls += result.stats.toolCalls;
  }
  return { programs: completed, calls };
}
