// Run by exec-retention.slow.test.ts in a node process of its own, so that nothing else
// (the test runner's own work) allocates in the heap it measures:
//   node --conditions=@toolcell/source --import tsx retention-probe.ts <subject> <warmUp> <execs>
// It runs `warmUp` programs that call a tool, then `execs` more, back to back, and prints
// one line of JSON: the bytes of JavaScript values left in this thread's heap per program.
import v8 from 'node:v8';
import type { GuestToolResponse } from '../contract/guest-tool-call.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { SandboxTransport } from '../contract/sandbox-transport.js';
import { createInProcessTransport } from '../host/in-process-transport.js';
import { createChildProcessTransport } from '../node/child-process-transport.js';
import { FrameDecoder, encodeFrame } from '../node/frame-codec.js';
import { createGuestServer } from '../node/guest-side/guest-server.js';
import { createWorkerTransport } from '../node/worker-transport.js';
import { parentFrames } from '../shared/protocol-messages.js';
import { echo } from './echo-binding.js';

/** What the probe measures: a transport's host, or the guest server a child or a worker runs (here in this thread). */
export type RetentionSubject = 'in process' | 'worker thread' | 'child process' | 'guest server';

/** The probe's line of output. */
export interface RetentionReport {
  readonly execs: number;
  readonly bytesPerExec: number;
}

const SOURCE = 'const [a, b] = await Promise.all([tools.echo({ i: 1 }), tools.echo({ i: 2 })]); return a === null && b === null';

/**
 * Node types of a heap snapshot that hold JavaScript values (objects, closures and their
 * contexts, arrays' and maps' elements, strings, numbers). Left out: compiled code and the
 * JIT's feedback and metadata (`code`), maps and descriptor arrays (`object shape`,
 * `hidden`), which V8 keeps growing and flushing while the host's functions warm up.
 */
const VALUE_TYPES = new Set(['object', 'closure', 'array', 'string', 'concatenated string', 'sliced string', 'number', 'regexp', 'symbol', 'bigint']);

interface HeapSnapshotJson {
  readonly snapshot: { readonly meta: { readonly node_fields: string[]; readonly node_types: [string[], ...unknown[]] } };
  readonly nodes: number[];
}

/** Bytes of JavaScript values alive in this thread (a heap snapshot collects garbage first). */
async function valueBytes(): Promise<number> {
  let json = '';
  for await (const chunk of v8.getHeapSnapshot()) json += String(chunk);
  const { snapshot, nodes } = JSON.parse(json) as HeapSnapshotJson;
  const fields = snapshot.meta.node_fields;
  const [types] = snapshot.meta.node_types;
  const typeField = fields.indexOf('type');
  const sizeField = fields.indexOf('self_size');
  let bytes = 0;
  for (let index = 0; index < nodes.length; index += fields.length) {
    if (VALUE_TYPES.has(types[nodes[index + typeField] as number] as string)) bytes += nodes[index + sizeField] as number;
  }
  return bytes;
}

const answerNull = (calls: readonly unknown[]): Array<Promise<GuestToolResponse>> => calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: null }));

function checked(result: { status?: string; returnValue?: unknown }): void {
  if (result.status !== 'completed' || result.returnValue !== true) throw new Error(`unexpected result: ${JSON.stringify(result)}`);
}

function transportRunner(transport: SandboxTransport): () => Promise<void> {
  return async () => checked(await transport.run({ source: SOURCE, bindings: [echo], onToolBatch: answerNull }));
}

type ChildFrame = { type: string; calls?: Array<{ id: number }>; status?: string; returnValue?: unknown };

/**
 * The guest server of a child or a worker, fed the parent's frames as bytes; it gets each
 * tool batch's answers at once, inside its write, as a worker that finds them while it
 * waits does.
 */
async function guestServerRunner(limits: SandboxLimits): Promise<() => Promise<void>> {
  let ready: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  let ended: (frame: ChildFrame) => void = () => undefined;
  const server = createGuestServer({
    write: (data) => {
      for (const { json } of new FrameDecoder(() => data.length).push(data)) {
        const frame = JSON.parse(json) as ChildFrame;
        if (frame.type === 'ready') ready();
        else if (frame.type === 'toolBatch') for (const call of frame.calls ?? []) server.receive(encodeFrame(parentFrames.toolResult(call.id, true, 'null')));
        else if (frame.type === 'result') ended(frame);
      }
    },
    die: (message) => {
      throw new Error(`the guest server died: ${message}`);
    },
    polls: () => 0,
  });
  server.start(limits.memoryBytes);
  await started;
  const runFrame = encodeFrame(JSON.stringify({ type: 'run', source: SOURCE, bindings: [echo], limits }));
  return async () => {
    const result = new Promise<ChildFrame>((resolve) => {
      ended = resolve;
    });
    server.receive(runFrame);
    checked(await result);
  };
}

async function probe(subject: RetentionSubject, warmUp: number, execs: number): Promise<RetentionReport> {
  const limits = { cpuBudgetMs: 60_000, bootTimeoutMs: 60_000 };
  const transport =
    subject === 'in process'
      ? createInProcessTransport({ limits })
      : subject === 'worker thread'
        ? createWorkerTransport({ limits, pool: { size: 1 } })
        : subject === 'child process'
          ? createChildProcessTransport({ limits, pool: { size: 1 } })
          : undefined;
  const runOne = transport === undefined ? await guestServerRunner(resolveSandboxLimits(limits)) : transportRunner(transport);
  try {
    for (let index = 0; index < warmUp; index += 1) await runOne();
    const before = await valueBytes();
    for (let index = 0; index < execs; index += 1) await runOne();
    const after = await valueBytes();
    return { execs, bytesPerExec: (after - before) / execs };
  } finally {
    await transport?.close();
  }
}

const [subject, warmUp, execs] = process.argv.slice(2);
const report = await probe(subject as RetentionSubject, Number(warmUp), Number(execs));
process.stdout.write(`${JSON.stringify(report)}\n`);
// The guest server's engine keeps no handle open, but a worker or child pool may linger a moment.
process.exit(0);
