import { errorOutcome } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { EventEmitter } from 'eventemitter3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListenerErrorContext } from './call-events.js';
import { CallEvents } from './call-events.js';
import type { CallView } from './call-record.js';
import type { ToolRuntimeEvents } from './runtime-events.js';

const registry = new ToolRegistry();
const record = { callId: 'c1', toolName: 'read_file', source: { type: 'model' }, scope: registry.root, parentCallId: undefined } as unknown as CallView;

describe('CallEvents', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reports a throwing listener to its own reporter, one emitter apart from another', () => {
    const first: ListenerErrorContext[] = [];
    const second: ListenerErrorContext[] = [];
    const events = new CallEvents(new EventEmitter<ToolRuntimeEvents>(), (_error, context) => first.push(context));
    const other = new CallEvents(new EventEmitter<ToolRuntimeEvents>(), (_error, context) => second.push(context));
    events.emitter.on('call-start', () => {
      throw new Error('broken');
    });
    other.emitter.on('call-end', () => {
      throw new Error('broken');
    });
    events.start(record);
    other.end(record, errorOutcome({ callId: 'c1', toolName: 'read_file', code: 'DENIED', message: 'no' }));
    expect(first).toEqual([{ event: 'call-start', callId: 'c1' }]);
    expect(second).toEqual([{ event: 'call-end', callId: 'c1' }]);
  });

  it('prints a listener error when no reporter is given, and ignores a reporter that throws', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unreported = new CallEvents(new EventEmitter<ToolRuntimeEvents>());
    unreported.reportListenerError(new Error('boom'), { event: 'finalize', callId: 'c2' });
    expect(printed).toHaveBeenCalledWith('toolcell: a "finalize" listener threw (call c2); the call went on.', new Error('boom'));
    const failing = new CallEvents(new EventEmitter<ToolRuntimeEvents>(), () => {
      throw new Error('reporter bug');
    });
    expect(() => failing.reportListenerError(new Error('boom'), { event: 'call-end', callId: 'c3' })).not.toThrow();
  });

  it('builds no payload when nobody listens', () => {
    const emitter = new EventEmitter<ToolRuntimeEvents>();
    const emit = vi.spyOn(emitter, 'emit');
    const events = new CallEvents(emitter);
    events.start(record);
    events.stage(record, 'guard', 'allow');
    events.denied(record, 'guard', 'DENIED', 'no');
    expect(emit).not.toHaveBeenCalled();
    emitter.on('call-stage', () => undefined);
    events.stage(record, 'guard', 'allow');
    expect(emit).toHaveBeenCalledTimes(1);
  });
});
