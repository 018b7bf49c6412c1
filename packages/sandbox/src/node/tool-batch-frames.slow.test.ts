import { afterAll, describe, expect, it } from 'vitest';
import type { GuestToolResponse } from '../contract/guest-tool-call.js';
import { echo } from '../test-support/echo-binding.js';
import { FrameDecoder } from './frame-codec.js';
import { createPooledTransport } from './pooled-transport.js';
import type { PooledTransport } from './pooled-transport.js';
import type { SandboxPeer, SandboxPeerOptions } from './sandbox-peer.js';
import { SandboxProcess } from './sandbox-process.js';
import { SandboxWorker } from './sandbox-worker.js';

// What crosses the boundary for a turn's calls (issue 36): a turn's calls go to the host as
// one toolBatch frame, and the answers the host has by the end of its turn go back in one
// write, so a Promise.all of 100 costs one message and one wake-up each way, not 100.

/** What a peer wrote and what it was sent: frame types from the peer, and each write to it as its frames. */
interface Traffic {
  readonly fromPeer: Array<{ type: string; calls?: number }>;
  readonly toPeer: Array<Array<{ type: string }>>;
}

function recorded(peer: SandboxPeer & { traffic: Traffic }): Traffic {
  return peer.traffic;
}

const unlimited = (): number => Number.POSITIVE_INFINITY;
const typesOf = (decoder: FrameDecoder, data: Buffer): Array<{ type: string; calls?: number }> =>
  decoder.push(data).map((frame) => {
    const message = JSON.parse(frame.json) as { type: string; calls?: unknown[] };
    return message.calls === undefined ? { type: message.type } : { type: message.type, calls: message.calls.length };
  });

/** The frame types a peer sent and was sent, decoded as they cross. */
class Recorder {
  readonly traffic: Traffic = { fromPeer: [], toPeer: [] };
  private readonly fromDecoder = new FrameDecoder(unlimited);
  private readonly toDecoder = new FrameDecoder(unlimited);
  written(data: Buffer): void {
    this.traffic.toPeer.push(typesOf(this.toDecoder, data));
  }
  received(chunk: Buffer): void {
    this.traffic.fromPeer.push(...typesOf(this.fromDecoder, chunk));
  }
}

/** `peer`, recording the frame types it sends and is sent (it calls its `write` and `receive` by name, so they are wrapped here). */
function recording<Peer extends SandboxPeer>(peer: Peer): Peer & { traffic: Traffic } {
  const recorder = new Recorder();
  const wired = peer as unknown as { write(data: Buffer): void; receive(chunk: Buffer): void };
  const write = wired.write.bind(peer);
  const receive = wired.receive.bind(peer);
  wired.write = (data) => {
    recorder.written(data);
    write(data);
  };
  wired.receive = (chunk) => {
    recorder.received(chunk);
    receive(chunk);
  };
  return Object.assign(peer, { traffic: recorder.traffic });
}

const opened: PooledTransport[] = [];
afterAll(async () => {
  await Promise.all(opened.map((transport) => transport.close()));
});

const PEERS: Array<[string, (options: SandboxPeerOptions) => SandboxPeer & { traffic: Traffic }]> = [
  ['child process', (options) => recording(new SandboxProcess(options))],
  ['worker thread', (options) => recording(new SandboxWorker(options))],
];

describe.each(PEERS)('tool calls over the %s boundary (slow)', (_name, start) => {
  let peer: (SandboxPeer & { traffic: Traffic }) | undefined;
  const transport = createPooledTransport({ limits: { bootTimeoutMs: 60_000 }, pool: { size: 1 } }, (options) => (peer = start(options)));
  opened.push(transport);

  /** Run `source` with every call echoed at once; the traffic of that run alone. */
  async function trafficOf(source: string): Promise<Traffic> {
    // The first run waits for the peer to start; its traffic is not this run's.
    await transport.run({ source: 'return 0', bindings: [], onToolBatch: () => [] });
    const traffic = recorded(peer as SandboxPeer & { traffic: Traffic });
    traffic.fromPeer.length = 0;
    traffic.toPeer.length = 0;
    const result = await transport.run({
      source,
      bindings: [echo],
      onToolBatch: (calls) => calls.map((call) => Promise.resolve<GuestToolResponse>({ ok: true, value: call.input })),
    });
    expect(result).toMatchObject({ status: 'completed', stats: { toolCalls: 100 } });
    return { fromPeer: [...traffic.fromPeer], toPeer: [...traffic.toPeer] };
  }

  it('sends a Promise.all of 100 as one toolBatch frame and gets the 100 answers back in one write', async () => {
    const traffic = await trafficOf('return (await Promise.all(Array.from({ length: 100 }, (_, i) => tools.echo({ i })))).length');
    expect(traffic.fromPeer).toEqual([{ type: 'toolBatch', calls: 100 }, { type: 'result' }]);
    // The run frame, then one write holding every answer.
    expect(traffic.toPeer.map((frames) => frames.length)).toEqual([1, 100]);
    expect(traffic.toPeer[1]?.every((frame) => frame.type === 'toolResult')).toBe(true);
  });

  it('sends 100 sequential calls as one frame each way per call', async () => {
    const traffic = await trafficOf('let sum = 0; for (let i = 0; i < 100; i++) sum += (await tools.echo({ i })).i; return sum');
    expect(traffic.fromPeer.filter((frame) => frame.type === 'toolBatch')).toEqual(Array.from({ length: 100 }, () => ({ type: 'toolBatch', calls: 1 })));
    expect(traffic.toPeer.slice(1).map((frames) => frames.map((frame) => frame.type))).toEqual(Array.from({ length: 100 }, () => ['toolResult']));
  });
});
