import type { SandboxBinding } from '../contract/sandbox-binding.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { OutputBudgetState } from './output-budget.js';
import { SandboxProtocolError } from './sandbox-protocol-error.js';

// The frames of durable programs between a parent and its sandbox peer. The peer never holds
// a seal key: it sends its paused program's memory (compressed) and state, and the parent
// seals it; to resume, the parent opens the snapshot and sends its memory and state back.

/** A parked call on the wire (the engine's `EngineToolCall`). */
export interface WireToolCall {
  readonly id: number;
  readonly jsName: string;
  readonly inputJson: string;
}

/** Pending timers on the wire (the engine's `GuestTimersState`). */
export interface WireTimers {
  readonly nextId: number;
  readonly pending: ReadonlyArray<{ readonly id: number; readonly dueAt: number }>;
}

/** A memory region on the wire: compressed as a seal compresses it (`compressLiveMemory`), base64. */
export interface WireRegion {
  readonly start: number;
  /** Its size in memory. */
  readonly bytes: number;
  readonly data: string;
}

/** A paused program as a peer sends it and a parent resumes it: its memory and the engine's state. */
export interface WireCapture {
  readonly wiring: string;
  readonly calls: { readonly issued: number; readonly parked: readonly WireToolCall[] };
  readonly timers: WireTimers;
  readonly cpuMs: number;
  readonly watchdogMs: number;
  readonly output: OutputBudgetState;
  readonly storedJson?: string;
  readonly memoryBytes: number;
  readonly regions: readonly WireRegion[];
  /** Set when the regions are the difference from the prepared realm's memory with this digest. */
  readonly baseline?: string;
}

/** Child → parent: the program stopped at a park point; the run ended, the parent seals it. */
export interface SuspendedMessage {
  readonly type: 'suspended';
  readonly cpuMs: number;
  readonly toolCalls: number;
  readonly capture: WireCapture;
  readonly polls?: number;
}

/** Child → parent: a resume was refused because the peer's realm is wired differently. */
export interface WiringMismatchMessage {
  readonly type: 'wiringMismatch';
  /** The peer's wiring. */
  readonly found: string;
}

/** Parent → child: resume a paused program. */
export interface ResumeMessage {
  readonly type: 'resume';
  readonly bindings: readonly SandboxBinding[];
  readonly limits: SandboxLimits;
  readonly capture: WireCapture;
  /** Answers for some of its parked calls (the JSON the guest receives). */
  readonly answers: ReadonlyArray<{ readonly id: number; readonly ok: boolean; readonly json: string }>;
  /** Set when it resumes in memory after its suspension was refused: it is not suspended again until another call is parked. */
  readonly refusedAtParked?: number;
}

/** Parent → child: the host parked call `id`. */
export interface ParkMessage {
  readonly type: 'park';
  readonly id: number;
}

/** Frames of durable programs the parent sends. */
export const durableParentFrames = {
  park: (id: number): string => `{"type":"park","id":${id}}`,
  resume: (message: Omit<ResumeMessage, 'type'>): string => JSON.stringify({ type: 'resume', ...message }),
};

function fail(message: string): never {
  throw new SandboxProtocolError(message);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function checkParked(call: unknown, bindings: ReadonlyMap<string, SandboxBinding>, issued: number): WireToolCall {
  if (!isRecord(call) || !isCount(call.id) || call.id === 0 || call.id > issued || typeof call.jsName !== 'string' || typeof call.inputJson !== 'string') {
    fail('a suspended program lists a malformed parked call');
  }
  if (!bindings.has(call.jsName)) fail('a suspended program parks a call of an unknown binding');
  return { id: call.id, jsName: call.jsName, inputJson: call.inputJson };
}

/**
 * Check a peer's `suspended` frame: only numbers, strings and the shapes the parent seals (a
 * peer is only as trustworthy as its interpreter; what it sends is its own program's memory).
 */
export function checkSuspendedMessage(message: Readonly<Record<string, unknown>>, bindings: ReadonlyMap<string, SandboxBinding>): SuspendedMessage {
  const { cpuMs, toolCalls, capture, polls } = message;
  if (!isTime(cpuMs) || !isCount(toolCalls) || (polls !== undefined && !isCount(polls)) || !isRecord(capture)) fail('a suspended frame has malformed figures');
  const { wiring, calls, timers, output, storedJson, memoryBytes, regions } = capture;
  if (typeof wiring !== 'string' || !isCount(memoryBytes) || !isTime(capture.cpuMs) || !isTime(capture.watchdogMs)) fail('a suspended frame has a malformed capture');
  if (storedJson !== undefined && typeof storedJson !== 'string') fail('a suspended frame has malformed stored values');
  if (capture.baseline !== undefined && typeof capture.baseline !== 'string') fail('a suspended frame has a malformed baseline');
  if (!isRecord(calls) || !isCount(calls.issued) || !Array.isArray(calls.parked) || calls.parked.length === 0) fail('a suspended frame has no parked calls');
  const issued = calls.issued;
  const parked = calls.parked.map((call: unknown) => checkParked(call, bindings, issued));
  if (!isRecord(timers) || !isCount(timers.nextId) || !Array.isArray(timers.pending)) fail('a suspended frame has malformed timers');
  const pending = timers.pending.map((timer: unknown) => {
    if (!isRecord(timer) || !isCount(timer.id) || !isTime(timer.dueAt)) fail('a suspended frame has a malformed timer');
    return { id: timer.id, dueAt: timer.dueAt };
  });
  if (!isRecord(output) || !isCount(output.textChars) || !isCount(output.textItems) || !isCount(output.mediaItems) || !isCount(output.mediaBytes) || typeof output.exhausted !== 'boolean') {
    fail('a suspended frame has a malformed output budget');
  }
  if (!Array.isArray(regions)) fail('a suspended frame has no memory regions');
  const wireRegions = regions.map((region: unknown): WireRegion => {
    if (!isRecord(region) || !isCount(region.start) || !isCount(region.bytes) || typeof region.data !== 'string' || !BASE64.test(region.data)) fail('a suspended frame has a malformed memory region');
    if (region.start + region.bytes > memoryBytes) fail('a memory region lies past the memory');
    return { start: region.start, bytes: region.bytes, data: region.data };
  });
  return {
    type: 'suspended',
    cpuMs,
    toolCalls,
    ...(polls === undefined ? {} : { polls }),
    capture: {
      wiring,
      calls: { issued, parked },
      timers: { nextId: timers.nextId, pending },
      cpuMs: capture.cpuMs,
      watchdogMs: capture.watchdogMs,
      output: { textChars: output.textChars, textItems: output.textItems, mediaItems: output.mediaItems, mediaBytes: output.mediaBytes, exhausted: output.exhausted },
      ...(storedJson === undefined ? {} : { storedJson }),
      memoryBytes,
      regions: wireRegions,
      ...(typeof capture.baseline === 'string' ? { baseline: capture.baseline } : {}),
    },
  };
}

/** Check a peer's `wiringMismatch` frame. */
export function checkWiringMismatch(message: Readonly<Record<string, unknown>>): WiringMismatchMessage {
  if (typeof message.found !== 'string') fail('a wiring mismatch frame has no wiring');
  return { type: 'wiringMismatch', found: message.found };
}
