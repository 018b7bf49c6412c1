import { MODEL_SOURCE } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { indexDeclarations } from './declaration-index.js';
import { freeformCallRequest, functionCallRequest } from './tool-call-request.js';

const declarations = indexDeclarations(codeModeDeclarations);

describe('functionCallRequest', () => {
  it('gives a function tool its arguments', () => {
    const request = functionCallRequest(
      { callId: 'call_1', name: 'get_weather', arguments: { success: true, value: { city: 'Paris' } }, source: MODEL_SOURCE },
      declarations,
    );
    expect(request).toEqual({ callId: 'call_1', name: 'get_weather', source: MODEL_SOURCE, args: { city: 'Paris' } });
  });

  it('maps a freeform tool received as a JSON function back to its input', () => {
    const request = functionCallRequest(
      { callId: 'call_2', name: 'exec', arguments: { success: true, value: { code: 'return 1;' } }, source: MODEL_SOURCE },
      declarations,
    );
    expect(request).toEqual({ callId: 'call_2', name: 'exec', source: MODEL_SOURCE, input: 'return 1;' });
  });

  it('reports a freeform call without its string parameter as an arguments error', () => {
    const request = functionCallRequest(
      { callId: 'call_3', name: 'exec', arguments: { success: true, value: { code: 42 } }, source: MODEL_SOURCE },
      declarations,
    );
    expect(request.argumentsError).toBe('exec takes {"code": string}; the "code" field is missing or not a string.');
    expect(request).not.toHaveProperty('input');
    expect(request).not.toHaveProperty('args');
  });

  it('keeps the read error of malformed arguments', () => {
    const request = functionCallRequest(
      { callId: 'call_4', name: 'get_weather', arguments: { success: false, error: 'bad JSON' }, source: MODEL_SOURCE },
      declarations,
    );
    expect(request).toEqual({ callId: 'call_4', name: 'get_weather', source: MODEL_SOURCE, argumentsError: 'bad JSON' });
  });

  it('passes an undeclared name through as a function call (the executor answers UNKNOWN_TOOL)', () => {
    const request = functionCallRequest(
      { callId: 'call_5', name: 'rm_rf', arguments: { success: true, value: {} }, source: MODEL_SOURCE },
      declarations,
    );
    expect(request).toEqual({ callId: 'call_5', name: 'rm_rf', source: MODEL_SOURCE, args: {} });
  });

  it('carries echo data unchanged', () => {
    const echo = { caller: { type: 'program', caller_id: 'call_prog' } };
    const request = functionCallRequest(
      { callId: 'call_6', name: 'get_weather', arguments: { success: true, value: {} }, source: MODEL_SOURCE, echo },
      declarations,
    );
    expect(request.echo).toBe(echo);
  });
});

describe('freeformCallRequest', () => {
  it('keeps the raw input', () => {
    expect(freeformCallRequest({ callId: 'call_7', name: 'exec', input: 'text("hi")', source: MODEL_SOURCE })).toEqual({
      callId: 'call_7',
      name: 'exec',
      source: MODEL_SOURCE,
      input: 'text("hi")',
    });
  });
});
