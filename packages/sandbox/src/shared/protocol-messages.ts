import { EXEC_ERROR_CODES } from '@toolcell/core';
import type { ExecErrorCode, JsonValue } from '@toolcell/core';
import type { GuestToolCall } from '../contract/guest-tool-call.js';
import type { OutputItem } from '../contract/output-item.js';
import type { ProgramError, ProgramLocation } from '../contract/program-result.js';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { checkSuspendedMessage, checkWiringMismatch } from './durable-frames.js';
import type { ParkMessage, ResumeMessage, SuspendedMessage, WiringMismatchMessage } from './durable-frames.js';
import { GUEST_EVENTS, checkGuestEvent, isGuestEventType } from './guest-events.js';
import type { GuestEventMessage, GuestEventType } from './guest-events.js';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from './json-depth.js';
import { mediaProblem } from './output-budget.js';
import { SandboxProtocolError } from './sandbox-protocol-error.js';

// The messages of the parent ⇄ child protocol. The child builds its frames around JSON
// the guest already produced (no parse and re-stringify); the parent checks every frame
// it receives, since a child is only as trustworthy as the interpreter inside it.

/** Parent → child: run one program. */
export interface RunMessage {
  readonly type: 'run';
  readonly source: string;
  readonly bindings: readonly SandboxBinding[];
  readonly limits: SandboxLimits;
  /** JSON of the stored values when cells are on. */
  readonly storedJson?: string;
  /** A durable run: the host may park its calls, and it may end `suspended`. */
  readonly durable?: true;
}

/** Parent → child: the answer to one tool call; `payload` is the JSON the guest receives. */
export interface ToolResultMessage {
  readonly type: 'toolResult';
  readonly id: number;
  readonly ok: boolean;
  readonly payload: string;
}

/** What the parent sends. */
export type ParentMessage = RunMessage | ToolResultMessage | ResumeMessage | ParkMessage;

/** Child → parent: how a program ended. */
export interface ResultMessage {
  readonly type: 'result';
  readonly status: 'completed' | 'failed';
  readonly returnValue?: JsonValue;
  readonly error?: ProgramError;
  readonly cpuMs: number;
  readonly toolCalls: number;
  readonly reusable: boolean;
  /**
   * How many times the peer has looked for the parent's answer without blocking, since it
   * started (a diagnostic: tests bound it to show that an idle peer does not spin).
   */
  readonly polls?: number;
}

/** What the child sends: the guest's events are the switchboard's (guest-events.ts). */
export type ChildMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'toolBatch'; readonly calls: readonly GuestToolCall[] }
  | GuestEventMessage
  | ResultMessage
  | SuspendedMessage
  | WiringMismatchMessage;

/** The kinds of child message. */
export type ChildMessageType = ChildMessage['type'];

const KIB = 1024;
const CONTROL_FRAME_BYTES = 4 * KIB;
const ENVELOPE_BYTES = 64 * KIB;
/** The child trusts its parent; this only bounds what it buffers. */
export const PARENT_FRAME_BYTES = 1024 * 1024 * 1024;

/**
 * The largest frame of each kind the parent accepts: small for control messages, sized
 * from the run's limits for data. JSON escaping can make text up to six bytes a character.
 */
export function childFrameCaps(limits: SandboxLimits): Readonly<Record<ChildMessageType, number>> {
  const events = Object.fromEntries(
    Object.entries(GUEST_EVENTS).map(([type, event]) => {
      const data = event.cap(limits);
      return [type, data === undefined ? CONTROL_FRAME_BYTES : data + ENVELOPE_BYTES];
    }),
  ) as Record<GuestEventType, number>;
  return {
    ready: CONTROL_FRAME_BYTES,
    toolBatch: 2 * limits.memoryBytes + ENVELOPE_BYTES,
    result: limits.maxResultBytes + ENVELOPE_BYTES,
    // A paused program's memory, compressed (Brotli) and base64 (compressed incompressible bytes grow a little), with its parked calls and stored values.
    suspended: 3 * limits.memoryBytes + ENVELOPE_BYTES,
    wiringMismatch: CONTROL_FRAME_BYTES,
    ...events,
  };
}

/** Frames the parent sends that it builds often. */
export const parentFrames = {
  /**
   * The answer to call `id`: the same text as `JSON.stringify` of a {@link ToolResultMessage}
   * (keys in its order), built by hand because a batch of 100 answers paid ~0.6 µs each for
   * stringifying the object. `id` is a checked safe integer; only `payload` needs escaping.
   */
  toolResult: (id: number, ok: boolean, payload: string): string => `{"type":"toolResult","id":${id},"ok":${ok},"payload":${JSON.stringify(payload)}}`,
};

/** Frames the child sends, built around guest JSON (a guest event's frame is `guestEventFrame`). */
export const childFrames = {
  ready: (): string => '{"type":"ready"}',
  toolBatch: (calls: ReadonlyArray<{ id: number; jsName: string; inputJson: string; unawaited?: true }>): string =>
    `{"type":"toolBatch","calls":[${calls
      .map((call) => `{"id":${call.id},"jsName":${JSON.stringify(call.jsName)},${call.unawaited ? '"unawaited":true,' : ''}"input":${call.inputJson}}`)
      .join(',')}]}`,
  result: (outcome: {
    status: 'completed' | 'failed';
    returnJson?: string;
    error?: ProgramError;
    cpuMs: number;
    toolCalls: number;
    reusable: boolean;
    polls?: number;
  }): string => {
    const { returnJson, ...rest } = outcome;
    const head = JSON.stringify({ type: 'result', ...rest });
    return returnJson === undefined ? head : `${head.slice(0, -1)},"returnValue":${returnJson}}`;
  },
};

function fail(message: string): never {
  throw new SandboxProtocolError(message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlainJsonObject(value: unknown): boolean {
  return isRecord(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/** Levels of each frame's own envelope around the data it carries (`{"calls":[{"input":…}]}` is 3). */
const ENVELOPE_DEPTH: Readonly<Record<ChildMessageType, number>> = {
  ready: 1,
  toolBatch: 3,
  result: 1,
  suspended: 5,
  wiringMismatch: 1,
  ...(Object.fromEntries(Object.entries(GUEST_EVENTS).map(([type, event]) => [type, event.envelopeDepth])) as Record<GuestEventType, number>),
};

const OUTPUT_TYPES = new Set(['text', 'image', 'audio', 'generatedImage']);
const EXEC_CODES: ReadonlySet<string> = new Set(EXEC_ERROR_CODES);

function checkOutput(item: unknown): OutputItem {
  if (!isRecord(item) || typeof item.type !== 'string' || !OUTPUT_TYPES.has(item.type)) fail('an output item has no known type');
  if (item.type === 'text') {
    if (typeof item.text !== 'string') fail('a text item has no text');
    return { type: 'text', text: item.text };
  }
  if (typeof item.mimeType !== 'string' || typeof item.data !== 'string') fail('a media item lacks mimeType or data');
  // The child checked it already; a compromised child must not smuggle other types or data.
  const problem = mediaProblem(item.type, item.mimeType, item.data);
  if (problem !== undefined) fail(`a media item is invalid: ${problem}`);
  return { type: item.type as 'image', mimeType: item.mimeType, data: item.data };
}

function checkError(error: unknown): ProgramError {
  if (!isRecord(error) || typeof error.code !== 'string' || !EXEC_CODES.has(error.code) || typeof error.message !== 'string') {
    fail('a failed result has no valid error');
  }
  if (error.stack !== undefined && typeof error.stack !== 'string') fail('an error stack is not a string');
  const location = error.location === undefined ? undefined : checkLocation(error.location);
  return {
    code: error.code as ExecErrorCode,
    message: error.message,
    ...(typeof error.stack === 'string' ? { stack: error.stack } : {}),
    ...(location === undefined ? {} : { location }),
  };
}

function checkLocation(location: unknown): ProgramLocation {
  const position = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
  if (!isRecord(location) || !position(location.line) || !position(location.column)) fail('an error location is not a line and column');
  return { line: location.line, column: location.column };
}

/** What the parent checks calls against. */
export interface RunExpectations {
  readonly bindings: ReadonlyMap<string, SandboxBinding>;
  readonly seenCallIds: Set<number>;
  readonly cells: boolean;
}

/**
 * Parse and check one frame from the child, against its kind's cap and the run.
 *
 * @throws SandboxProtocolError for anything malformed, oversize or unexpected.
 */
export function parseChildMessage(
  json: string,
  bytes: number,
  caps: Readonly<Record<ChildMessageType, number>>,
  run: RunExpectations | undefined,
): ChildMessage {
  let message: unknown;
  try {
    message = JSON.parse(json);
  } catch {
    fail('a frame is not JSON');
  }
  if (!isRecord(message) || typeof message.type !== 'string' || !Object.hasOwn(caps, message.type)) fail('a frame has no known type');
  const type = message.type as ChildMessageType;
  if (bytes > caps[type]) fail(`the ${type} frame of ${bytes} bytes is over its limit of ${caps[type]} bytes`);
  // The data must nest no deeper than the guest could send, so no host walk of it can overflow.
  if (jsonNestsDeeperThan(json, MAX_JSON_DEPTH + ENVELOPE_DEPTH[type])) fail(`the ${type} frame nests deeper than ${MAX_JSON_DEPTH} levels`);
  if (type === 'ready') return { type };
  if (run === undefined) fail(`an unexpected ${type} frame: no program runs`);
  if (isGuestEventType(type)) return checkGuestEvent({ ...message, type }, run.cells, checkOutput);
  switch (type) {
    case 'toolBatch': {
      if (!Array.isArray(message.calls) || message.calls.length === 0) fail('a tool batch has no calls');
      const calls = message.calls.map((call: unknown): GuestToolCall => {
        if (!isRecord(call) || !Number.isSafeInteger(call.id) || typeof call.jsName !== 'string') fail('a tool call is malformed');
        const id = call.id as number;
        const binding = run.bindings.get(call.jsName);
        if (binding === undefined) fail(`a tool call names an unknown binding ${JSON.stringify(call.jsName.slice(0, 100))}`);
        if (id <= 0 || run.seenCallIds.has(id)) fail(`a tool call reuses or misnumbers id ${id}`);
        const validInput = binding.kind === 'freeform' ? typeof call.input === 'string' : isPlainJsonObject(call.input);
        if (!validInput) fail(`the input of tools.${binding.jsName} has the wrong type`);
        run.seenCallIds.add(id);
        const input = call.input as JsonValue;
        // Two literals, not a spread: this runs for every call of every batch.
        return call.unawaited === true ? { id, jsName: binding.jsName, input, unawaited: true } : { id, jsName: binding.jsName, input };
      });
      return { type, calls };
    }
    case 'suspended':
      return checkSuspendedMessage(message, run.bindings);
    case 'wiringMismatch':
      return checkWiringMismatch(message);
    case 'result': {
      const { status, cpuMs, toolCalls, reusable, polls } = message;
      if (status !== 'completed' && status !== 'failed') fail('a result has no valid status');
      if (typeof cpuMs !== 'number' || !Number.isSafeInteger(toolCalls) || typeof reusable !== 'boolean') fail('a result has malformed figures');
      if (polls !== undefined && !Number.isSafeInteger(polls)) fail('a result has malformed figures');
      return {
        type,
        status,
        ...('returnValue' in message && status === 'completed' ? { returnValue: message.returnValue as JsonValue } : {}),
        ...(status === 'failed' ? { error: checkError(message.error) } : {}),
        cpuMs,
        toolCalls: toolCalls as number,
        reusable,
        ...(polls === undefined ? {} : { polls: polls as number }),
      };
    }
  }
  return fail(`a frame of type ${type} is not handled`);
}
