import type { CompressedMemory } from '../durable/snapshot-seal.js';
import type { CaptureState } from '../host/durable-round.js';
import type { WireCapture } from '../shared/durable-frames.js';

/** A paused program for the wire: its state, and its compressed memory as base64. */
export function captureToWire(state: CaptureState, memory: CompressedMemory): WireCapture {
  return {
    wiring: state.wiring,
    calls: { issued: state.calls.issued, parked: state.calls.parked.map(({ id, jsName, inputJson }) => ({ id, jsName, inputJson })) },
    timers: state.timers,
    cpuMs: state.cpuMs,
    watchdogMs: state.watchdogMs,
    output: state.output,
    ...(state.storedJson === undefined ? {} : { storedJson: state.storedJson }),
    memoryBytes: memory.memoryBytes,
    regions: memory.regions.map((region) => ({ start: region.start, bytes: region.bytes, data: Buffer.from(region.compressed.buffer, region.compressed.byteOffset, region.compressed.byteLength).toString('base64') })),
    ...(memory.baseline === undefined ? {} : { baseline: memory.baseline }),
  };
}

/** A paused program from the wire: its state, and its memory still compressed. */
export function captureFromWire(capture: WireCapture): { readonly state: CaptureState; readonly memory: CompressedMemory } {
  const { memoryBytes, regions, baseline, ...state } = capture;
  return {
    state,
    memory: {
      memoryBytes,
      regions: regions.map((region) => ({ start: region.start, bytes: region.bytes, compressed: new Uint8Array(Buffer.from(region.data, 'base64')) })),
      ...(baseline === undefined ? {} : { baseline }),
    },
  };
}
